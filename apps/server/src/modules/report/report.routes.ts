import { report } from '@pvstar/contract/endpoints/report';
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
import { serve } from '../../http/serve.ts';
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

    serve(
      app,
      report.energy,
      {
        description:
          'Energy and revenue of one plant, a set or the whole scope per day, month or year (or lifetime), with totals and the same period per plant. Read from the daily and monthly roll-ups.',
        body: EnergyReportBodySchema,
        response: EnergyReportSchema,
      },
      async (req) => ok(await service.energy(callerOf(req), req.body)),
    );

    serve(
      app,
      report.energyExport,
      {
        description: 'The energy report as an xlsx workbook (by period, by plant) in the request’s language.',
        body: EnergyReportBodySchema,
      },
      async (req, reply) => {
        const caller = callerOf(req);
        const data = await service.energy(caller, req.body);
        const meta = await service.exportMeta(caller, req.body.plantIds, data.plantCount, req.lang);
        return sendXlsx(reply, 'energy-report', await buildEnergyWorkbook(data, meta), data.from, data.to);
      },
    );

    serve(
      app,
      report.fleet,
      {
        description:
          'Per organisation of the scope (each with the plants it manages itself): capacity, plants by status, generation, revenue, alarms by level and availability over the period.',
        body: FleetReportBodySchema,
        response: FleetReportSchema,
      },
      async (req) => ok(await service.fleet(callerOf(req), req.body)),
    );

    serve(
      app,
      report.fleetExport,
      {
        description: 'The fleet report as an xlsx workbook in the request’s language.',
        body: FleetReportBodySchema,
      },
      async (req, reply) => {
        const caller = callerOf(req);
        const data = await service.fleet(caller, req.body);
        const meta = await service.exportMeta(caller, undefined, data.plantCount, req.lang);
        return sendXlsx(reply, 'fleet-report', await buildFleetWorkbook(data, meta), data.from, data.to);
      },
    );

    serve(
      app,
      report.alarm,
      {
        description:
          'Alarms raised in the period by level, fault code, device type and plant, with how many ended and their mean time to end (seconds).',
        body: AlarmReportBodySchema,
        response: AlarmReportSchema,
      },
      async (req) => ok(await service.alarm(callerOf(req), req.body, req.lang)),
    );

    serve(
      app,
      report.alarmExport,
      {
        description:
          'The alarm report as an xlsx workbook (one sheet per grouping) in the request’s language.',
        body: AlarmReportBodySchema,
      },
      async (req, reply) => {
        const caller = callerOf(req);
        const data = await service.alarm(caller, req.body, req.lang);
        const meta = await service.exportMeta(caller, req.body.plantIds, data.plantCount, req.lang);
        return sendXlsx(
          reply,
          'alarm-report',
          await buildAlarmReportWorkbook(data, meta),
          data.from,
          data.to,
        );
      },
    );
  };
