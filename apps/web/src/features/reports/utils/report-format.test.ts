import { describe, expect, it } from 'vitest';
import {
  daysLabel,
  durationLabel,
  isEmptyReport,
  moneyLabel,
  overallUtilization,
  rateLabel,
  shortDateLabel,
} from './report-format.ts';
import { emptyReportsSummaryFactory, reportsSummaryFactory } from './reports-test-factories.ts';

describe('the report figures', () => {
  it('show money as prices are shown, a loss with its sign', () => {
    expect(moneyLabel(35_000)).toBe('$350');
    expect(moneyLabel(1_250)).toBe('$12.50');
    expect(moneyLabel(0)).toBe('$0');
    expect(moneyLabel(-5_000)).toBe('-$50');
  });

  it('show a rate as a percentage, and no rate as "—" rather than 0 %', () => {
    expect(rateLabel(0)).toBe('0%');
    expect(rateLabel(0.375)).toBe('37.5%');
    expect(rateLabel(1 / 3)).toBe('33.3%');
    expect(rateLabel(1)).toBe('100%');
    expect(rateLabel(null)).toBe('—');
  });

  it('show minutes as hours and minutes, and days to one decimal', () => {
    expect(durationLabel(0)).toBe('0 min');
    expect(durationLabel(42.4)).toBe('42 min');
    expect(durationLabel(120)).toBe('2 h');
    expect(durationLabel(450)).toBe('7 h 30 min');
    expect(daysLabel(1)).toBe('1 day');
    expect(daysLabel(2.5417)).toBe('2.5 days');
    expect(daysLabel(0)).toBe('0 days');
    expect(daysLabel(null)).toBe('—');
  });

  it("name a chart's day without its year", () => {
    expect(shortDateLabel('2030-06-03')).toBe('Jun 3');
    expect(shortDateLabel('2030-12-31')).toBe('Dec 31');
  });

  it("put the doctors' hours together for the clinic's utilization", () => {
    const doctor = reportsSummaryFactory().byDoctor[0]!;
    expect(overallUtilization([doctor, { ...doctor, bookedMin: 150, openMin: 1800 }])).toBe(0.2);
    expect(
      overallUtilization([{ ...doctor, bookedMin: 0, openMin: 0, utilization: null }]),
    ).toBeNull();
    expect(overallUtilization([])).toBeNull();
  });

  it('call a range empty only with no appointment and no money', () => {
    expect(isEmptyReport(emptyReportsSummaryFactory())).toBe(true);
    expect(isEmptyReport(reportsSummaryFactory())).toBe(false);
    const refundOnly = emptyReportsSummaryFactory({
      revenue: { paidCents: 0, refundedCents: 500, netCents: -500, byDay: [] },
    });
    expect(isEmptyReport(refundOnly)).toBe(false);
  });
});
