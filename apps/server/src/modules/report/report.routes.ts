import { envelopeSchema } from '@pvstar/contract/api';
import { PERM } from '@pvstar/contract/perm';
import {
  AlarmReportBodySchema,
  AlarmReportSchema,
  EnergyReportBodySchema,
  EnergyReportSchema,
  FleetReportBodySchema,
  FleetReportSchema,
} from '@pvstar/contract/report';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/access.ts';
import { sendAttachment, XLSX_TYPE } from '../../http/download.ts';
import { ok } from '../../http/envelope.ts';
import { createReportService } from './report.service.ts';
import { buildAlarmReportWorkbook, buildEnergyWorkbook, buildFleetWorkbook } from './report.xlsx.ts';

const sendXlsx = (reply: FastifyReply, name: string, data: Buffer, from: string, to: string) =>
  sendAttachment(reply, data, { filename: `${name}-${from}-${to}.xlsx`, type: XLSX_TYPE });

/**
 * Reports (`/report`, code 2008): each answers JSON for the screen and, as `…/export`, the same
 * figures as an xlsx workbook. Read-only, so every account with the report page may export.
 */
export const reportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createReportService(ctx);
    const tags = ['report'];
    const access = { perm: PERM.report };

    app.post(
      '/station/report/energy',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'reportEnergy',
          description:
            'Energy and revenue of one plant, a set or the whole scope per day, month or year (or lifetime), with totals and the same period per plant. Read from the daily and monthly roll-ups.',
          body: EnergyReportBodySchema,
          response: { 200: envelopeSchema(EnergyReportSchema) },
        },
      },
      async (req) => ok(await service.energy(callerOf(req), req.body)),
    );

    app.post(
      '/station/report/energy/export',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'reportEnergyExport',
          description:
            'The energy report as an xlsx workbook (by period, by plant) in the request’s language.',
          body: EnergyReportBodySchema,
        },
      },
      async (req, reply) => {
        const caller = callerOf(req);
        const report = await service.energy(caller, req.body);
        const meta = await service.exportMeta(caller, req.body.plantIds, report.plantCount, req.lang);
        return sendXlsx(
          reply,
          'energy-report',
          await buildEnergyWorkbook(report, meta),
          report.from,
          report.to,
        );
      },
    );

    app.post(
      '/station/report/fleet',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'reportFleet',
          description:
            'Per organisation of the scope (each with the plants it manages itself): capacity, plants by status, generation, revenue, alarms by level and availability over the period.',
          body: FleetReportBodySchema,
          response: { 200: envelopeSchema(FleetReportSchema) },
        },
      },
      async (req) => ok(await service.fleet(callerOf(req), req.body)),
    );

    app.post(
      '/station/report/fleet/export',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'reportFleetExport',
          description: 'The fleet report as an xlsx workbook in the request’s language.',
          body: FleetReportBodySchema,
        },
      },
      async (req, reply) => {
        const caller = callerOf(req);
        const report = await service.fleet(caller, req.body);
        const meta = await service.exportMeta(caller, undefined, report.plantCount, req.lang);
        return sendXlsx(
          reply,
          'fleet-report',
          await buildFleetWorkbook(report, meta),
          report.from,
          report.to,
        );
      },
    );

    app.post(
      '/station/report/alarm',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'reportAlarm',
          description:
            'Alarms raised in the period by level, fault code, device type and plant, with how many ended and their mean time to end (seconds).',
          body: AlarmReportBodySchema,
          response: { 200: envelopeSchema(AlarmReportSchema) },
        },
      },
      async (req) => ok(await service.alarm(callerOf(req), req.body, req.lang)),
    );

    app.post(
      '/station/report/alarm/export',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'reportAlarmExport',
          description:
            'The alarm report as an xlsx workbook (one sheet per grouping) in the request’s language.',
          body: AlarmReportBodySchema,
        },
      },
      async (req, reply) => {
        const caller = callerOf(req);
        const report = await service.alarm(caller, req.body, req.lang);
        const meta = await service.exportMeta(caller, req.body.plantIds, report.plantCount, req.lang);
        return sendXlsx(
          reply,
          'alarm-report',
          await buildAlarmReportWorkbook(report, meta),
          report.from,
          report.to,
        );
      },
    );
  };
