import { describe, expect, it } from 'vitest';
import {
  regularizedIncompleteBeta,
  studentTCdf,
  twoSidedStudentTPValue,
} from '../../../src/domain/weather/studentT';

describe('Student t distribution', () => {
  it('matches published critical values (two-sided)', () => {
    // t tables: t(0.975, 10) = 2.228, t(0.95, 5) = 2.015, t(0.995, 30) = 2.750
    expect(twoSidedStudentTPValue(2.228139, 10)).toBeCloseTo(0.05, 5);
    expect(twoSidedStudentTPValue(2.015048, 5)).toBeCloseTo(0.1, 5);
    expect(twoSidedStudentTPValue(2.749996, 30)).toBeCloseTo(0.01, 5);
  });

  it('is a CDF: symmetric around zero and monotone', () => {
    expect(studentTCdf(0, 7)).toBeCloseTo(0.5, 12);
    expect(studentTCdf(-1.5, 7) + studentTCdf(1.5, 7)).toBeCloseTo(1, 12);
    expect(studentTCdf(1, 3)).toBeLessThan(studentTCdf(2, 3));
    // one degree of freedom is the Cauchy distribution: F(1) = 3/4
    expect(studentTCdf(1, 1)).toBeCloseTo(0.75, 10);
  });

  it('gives p = 0 for an exact fit and 1 for a zero statistic', () => {
    expect(twoSidedStudentTPValue(Number.POSITIVE_INFINITY, 8)).toBe(0);
    expect(twoSidedStudentTPValue(0, 8)).toBeCloseTo(1, 12);
  });

  it('has the incomplete beta bounds and a closed form case', () => {
    expect(regularizedIncompleteBeta(0, 2, 3)).toBe(0);
    expect(regularizedIncompleteBeta(1, 2, 3)).toBe(1);
    // I_x(1, 1) = x; I_x(2, 1) = x²
    expect(regularizedIncompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(regularizedIncompleteBeta(0.6, 2, 1)).toBeCloseTo(0.36, 12);
  });
});
