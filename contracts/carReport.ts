// §2 carReport (车辆报表, issue 11): per vehicle and driver over a period, the deliveries, stops, schools and orders
// carried, their amount and weight, and the on-time arrivals from the stops' arrival marks (domain/carReport.ts).
// The supplier reads its own deliveries, a delivery user those on his routes (§6 M7), the platform all.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';

const tags = ['logistics'];
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const CarReportQuery = Type.Object({
  /** delivery dates from … to (inclusive), at most 366 days */
  startDate: Day,
  endDate: Day,
  /** a stop is on time when it arrived on its delivery day by this time (HH:mm, China time); default 10:00 */
  arriveBy: Type.Optional(Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' })),
  /** one route only */
  routeId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
}, { additionalProperties: false });
export type CarReportQuery = Static<typeof CarReportQuery>;

const Figures = {
  deliveries: Type.Integer(), stops: Type.Integer(), schools: Type.Integer(), orders: Type.Integer(),
  /** ¥ of the orders' open lines */
  amount: Type.Number(),
  /** kg of the weighable lines */
  weightKg: Type.Number(),
  /** lines whose unit states no weight (not counted in weightKg) */
  unweighedLines: Type.Integer(),
  arrived: Type.Integer(), onTime: Type.Integer(),
  /** onTime / arrived, 0…1; null with no arrival */
  onTimeRate: Type.Union([Type.Number(), Type.Null()]),
};

export const CarReportRow = Type.Object({ vehicle: Type.String(), driverName: Type.String(), ...Figures });
export type CarReportRow = Static<typeof CarReportRow>;

export const CarReport = Type.Object({
  startDate: Type.String(), endDate: Type.String(), arriveBy: Type.String(),
  rows: Type.Array(CarReportRow),
  totals: Type.Object(Figures),
});
export type CarReport = Static<typeof CarReport>;

export const getCarReport = endpoint({
  method: 'GET', path: '/v4/mall/logistics/carreport', tags, querystring: CarReportQuery, response: CarReport,
  summary: 'Car report (carReport): per vehicle and driver over a period, deliveries, stops, schools, orders, amount and weight carried, on-time arrivals',
});
