import { describe, expect, it } from 'vitest';
import {
  CITIES,
  CITY_NAMES,
  districtsOf,
  isDistrictOf,
  normalizeCityName,
  zipOf,
} from '../../src/domain/taiwan-address';

const COUNTS: readonly (readonly [string, number])[] = [
  ['臺北市', 12],
  ['基隆市', 7],
  ['新北市', 29],
  ['連江縣', 4],
  ['宜蘭縣', 12],
  ['新竹市', 3],
  ['新竹縣', 13],
  ['桃園市', 13],
  ['苗栗縣', 18],
  ['臺中市', 29],
  ['彰化縣', 26],
  ['南投縣', 13],
  ['嘉義市', 2],
  ['嘉義縣', 18],
  ['雲林縣', 20],
  ['臺南市', 37],
  ['高雄市', 38],
  ['澎湖縣', 6],
  ['金門縣', 6],
  ['屏東縣', 33],
  ['臺東縣', 16],
  ['花蓮縣', 13],
];

const ALL = CITIES.flatMap((city) => city.districts.map((d) => ({ city: city.name, ...d })));

describe('縣市與鄉鎮市區', () => {
  it('lists the 22 cities in postal-code order', () => {
    expect(CITY_NAMES).toEqual(COUNTS.map(([name]) => name));
    expect(CITIES.map((city) => city.name)).toEqual(CITY_NAMES);
  });

  it('has 368 districts in all', () => {
    expect(ALL).toHaveLength(368);
  });

  it.each(COUNTS)('%s has %i districts', (city, count) => {
    expect(districtsOf(city)).toHaveLength(count);
  });

  it('uses the official 臺, never 台', () => {
    for (const d of ALL) {
      expect(d.city).not.toContain('台');
      expect(d.name).not.toContain('台');
    }
  });

  it('names every district as a 區, 鄉, 鎮 or 市 of one to three characters before it', () => {
    for (const d of ALL) expect(d.name).toMatch(/^\p{Script=Han}{1,3}[區鄉鎮市]$/u);
  });

  it('has the districts a visitor is most likely to pick, with their postal codes', () => {
    expect(zipOf('臺北市', '信義區')).toBe('110');
    expect(zipOf('新北市', '板橋區')).toBe('220');
    expect(zipOf('桃園市', '中壢區')).toBe('320');
    expect(zipOf('臺中市', '西屯區')).toBe('407');
    expect(zipOf('臺南市', '永康區')).toBe('710');
    expect(zipOf('高雄市', '三民區')).toBe('807');
    expect(zipOf('金門縣', '金城鎮')).toBe('893');
    expect(zipOf('連江縣', '南竿鄉')).toBe('209');
  });

  it('has no duplicate district within a city', () => {
    for (const city of CITIES) {
      expect(new Set(city.districts.map((d) => d.name)).size).toBe(city.districts.length);
    }
  });

  it('excludes islands that are not districts (東沙, 南沙, 釣魚臺)', () => {
    const zips = ALL.map((d) => d.zip);
    for (const zip of ['817', '819', '290']) expect(zips).not.toContain(zip);
  });
});

describe('郵遞區號', () => {
  it('are 3 digits and ascending within each city', () => {
    for (const city of CITIES) {
      const zips = city.districts.map((d) => d.zip);
      for (const zip of zips) expect(zip).toMatch(/^\d{3}$/);
      expect([...zips].sort()).toEqual(zips);
    }
  });

  it('are ascending across cities in list order', () => {
    const firsts = CITIES.map((city) => city.districts[0]!.zip);
    expect([...firsts].sort()).toEqual(firsts);
  });

  it('are unique nationwide except 新竹市 (300) and 嘉義市 (600), whose districts share one', () => {
    const byZip = new Map<string, string[]>();
    for (const d of ALL) byZip.set(d.zip, [...(byZip.get(d.zip) ?? []), `${d.city}${d.name}`]);
    const shared = [...byZip].filter(([, names]) => names.length > 1);
    expect(Object.fromEntries(shared)).toEqual({
      '300': ['新竹市東區', '新竹市北區', '新竹市香山區'],
      '600': ['嘉義市東區', '嘉義市西區'],
    });
    expect(byZip.size).toBe(368 - 2 - 1);
  });

  it.each([
    ['臺北市', '中正區', '100'],
    ['臺北市', '信義區', '110'],
    ['基隆市', '信義區', '201'],
    ['新北市', '板橋區', '220'],
    ['桃園市', '中壢區', '320'],
    ['桃園市', '桃園區', '330'],
    ['臺中市', '西屯區', '407'],
    ['臺南市', '安平區', '708'],
    ['高雄市', '前鎮區', '806'],
    ['高雄市', '那瑪夏區', '849'],
    ['花蓮縣', '花蓮市', '970'],
    ['連江縣', '南竿鄉', '209'],
    ['金門縣', '金城鎮', '893'],
    ['新竹市', '香山區', '300'],
  ])('%s %s is %s', (city, district, zip) => {
    expect(zipOf(city, district)).toBe(zip);
  });
});

describe('lookups', () => {
  it('knows which city a district belongs to', () => {
    expect(isDistrictOf('新北市', '板橋區')).toBe(true);
    expect(isDistrictOf('臺北市', '板橋區')).toBe(false);
    expect(isDistrictOf('臺北市', '信義區')).toBe(true);
    expect(isDistrictOf('基隆市', '信義區')).toBe(true);
    expect(isDistrictOf('臺北市', '')).toBe(false);
  });

  it('returns nothing for an unknown city or district', () => {
    expect(districtsOf('東京都')).toEqual([]);
    expect(districtsOf('')).toEqual([]);
    expect(zipOf('東京都', '中正區')).toBeUndefined();
    expect(zipOf('臺北市', '板橋區')).toBeUndefined();
    expect(isDistrictOf('東京都', '中正區')).toBe(false);
  });

  it('normalizes 台 to 臺', () => {
    expect(normalizeCityName('台中市')).toBe('臺中市');
    expect(normalizeCityName('台北市')).toBe('臺北市');
    expect(normalizeCityName(' 臺東縣 ')).toBe('臺東縣');
    expect(normalizeCityName('新北市')).toBe('新北市');
  });

  it('accepts 台 in lookups', () => {
    expect(districtsOf('台北市')).toBe(districtsOf('臺北市'));
    expect(zipOf('台南市', '安平區')).toBe('708');
    expect(isDistrictOf('雲林縣', '台西鄉')).toBe(true);
    expect(zipOf('台東縣', '台東市')).toBe('950');
  });
});
