/** 行業類別: the sections of the 中華民國行業統計分類 (the company's main business). */
export const INDUSTRIES = [
  { value: 'A', label: '農、林、漁、牧業' },
  { value: 'B', label: '礦業及土石採取業' },
  { value: 'C', label: '製造業' },
  { value: 'D', label: '電力及燃氣供應業' },
  { value: 'E', label: '用水供應及污染整治業' },
  { value: 'F', label: '營建工程業' },
  { value: 'G', label: '批發及零售業' },
  { value: 'H', label: '運輸及倉儲業' },
  { value: 'I', label: '住宿及餐飲業' },
  { value: 'J', label: '出版影音及資通訊業' },
  { value: 'K', label: '金融及保險業' },
  { value: 'L', label: '不動產業' },
  { value: 'M', label: '專業、科學及技術服務業' },
  { value: 'N', label: '支援服務業' },
  { value: 'O', label: '公共行政及國防；強制性社會安全' },
  { value: 'P', label: '教育業' },
  { value: 'Q', label: '醫療保健及社會工作服務業' },
  { value: 'R', label: '藝術、娛樂及休閒服務業' },
  { value: 'S', label: '其他服務業' },
] as const;

export const INDUSTRY_VALUES = INDUSTRIES.map((i) => i.value);

export function industryLabel(value: string): string {
  return INDUSTRIES.find((i) => i.value === value)?.label ?? value;
}
