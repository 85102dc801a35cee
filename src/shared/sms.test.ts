import { describe, expect, it } from 'vitest';
import { smsSegments, smsSummary } from './sms';

const a = (n: number) => 'a'.repeat(n);

describe('SMS segments', () => {
  it('counts an empty text as no segment', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', characters: 0, units: 0, segments: 0, perSegment: 160 });
  });

  it('holds 160 GSM-7 characters in one message, then splits into segments of 153', () => {
    expect(smsSegments(a(1))).toMatchObject({ encoding: 'GSM-7', characters: 1, segments: 1, perSegment: 160 });
    expect(smsSegments(a(160))).toMatchObject({ encoding: 'GSM-7', characters: 160, segments: 1, perSegment: 160 });
    expect(smsSegments(a(161))).toMatchObject({ encoding: 'GSM-7', characters: 161, segments: 2, perSegment: 153 });
    expect(smsSegments(a(306))).toMatchObject({ segments: 2, perSegment: 153 });
    expect(smsSegments(a(307))).toMatchObject({ segments: 3, perSegment: 153 });
  });

  it('counts the extension characters as two septets each', () => {
    expect(smsSegments('€')).toMatchObject({ encoding: 'GSM-7', characters: 1, units: 2, segments: 1 });
    expect(smsSegments('^{}\\[~]|€')).toMatchObject({ encoding: 'GSM-7', characters: 9, units: 18 });
    expect(smsSegments('€'.repeat(80))).toMatchObject({ units: 160, segments: 1 });
    expect(smsSegments('€'.repeat(81))).toMatchObject({ units: 162, segments: 2 });
    // An escape and its character are never parted: 153 septets hold 76 of them, not 76 and a half.
    expect(smsSegments(`${a(152)}€${a(7)}`)).toMatchObject({ units: 161, segments: 2 });
    expect(smsSegments('€'.repeat(153))).toMatchObject({ units: 306, segments: 3 });
  });

  it('keeps the accented letters of the GSM-7 basic set in GSM-7', () => {
    expect(smsSegments('é'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(smsSegments('Señor, ¿dónde está?')).toMatchObject({ encoding: 'UCS-2' }); // ó and á are not in it
    expect(smsSegments('Ñandú Ü ß Å @ £ ¥ § ¿ ¡')).toMatchObject({ encoding: 'UCS-2' }); // nor is ú
    expect(smsSegments('Ñand Ü ß Å @ £ ¥ § ¿ ¡')).toMatchObject({ encoding: 'GSM-7' });
  });

  it('sends any other character as UCS-2: 70 in one message, then segments of 67', () => {
    expect(smsSegments('ł'.repeat(70))).toMatchObject({
      encoding: 'UCS-2',
      characters: 70,
      units: 70,
      segments: 1,
      perSegment: 70,
    });
    expect(smsSegments('ł'.repeat(71))).toMatchObject({
      encoding: 'UCS-2',
      characters: 71,
      segments: 2,
      perSegment: 67,
    });
    expect(smsSegments('ł'.repeat(134))).toMatchObject({ segments: 2 });
    expect(smsSegments('ł'.repeat(135))).toMatchObject({ segments: 3 });
    // One such character makes the whole text UCS-2.
    expect(smsSegments(`${a(69)}ł`)).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(smsSegments(`${a(70)}ł`)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
  });

  it('counts an emoji as one character and two code units, never split across segments', () => {
    expect(smsSegments('Thanks 👍')).toMatchObject({ encoding: 'UCS-2', characters: 8, units: 9, segments: 1 });
    expect(smsSegments('😀'.repeat(35))).toMatchObject({ characters: 35, units: 70, segments: 1 });
    expect(smsSegments('😀'.repeat(36))).toMatchObject({ characters: 36, units: 72, segments: 2, perSegment: 67 });
    // 67 units hold 33 emoji (66); the 34th starts the next segment.
    expect(smsSegments('😀'.repeat(66))).toMatchObject({ units: 132, segments: 2 });
    expect(smsSegments('😀'.repeat(67))).toMatchObject({ units: 134, segments: 3 });
  });

  it('says it as the reply box shows it', () => {
    expect(smsSummary(smsSegments(a(42)))).toBe('42 characters · 1 segment');
    expect(smsSummary(smsSegments(a(161)))).toBe('161 characters · 2 segments');
    expect(smsSummary(smsSegments(''))).toBe('0 characters · 0 segments');
    expect(smsSummary(smsSegments('👍'))).toBe('1 character · 1 segment · Unicode');
  });
});
