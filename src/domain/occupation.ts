/** 職業類別 1-6 with examples a visitor recognises (docs/domain.md §2.3: rates by class; 拒保類 is not offered). */
export const OCCUPATION_CLASSES = [
  { value: '1', label: '第 1 類：內勤、行政、門市' },
  { value: '2', label: '第 2 類：外勤業務、清潔、一般駕駛' },
  { value: '3', label: '第 3 類：現場作業、貨物搬運' },
  { value: '4', label: '第 4 類：貨車司機、機械操作' },
  { value: '5', label: '第 5 類：營建工地、重機具操作' },
  { value: '6', label: '第 6 類：高空、高危險作業' },
] as const;

export const OCCUPATION_CLASS_VALUES = OCCUPATION_CLASSES.map((c) => c.value);

/** 「第 1 類：內勤、行政、門市」 for a class given as a number or its value. */
export function occupationLabel(occupationClass: number | string): string {
  return (
    OCCUPATION_CLASSES.find((c) => c.value === String(occupationClass))?.label ?? `第 ${occupationClass} 類`
  );
}
