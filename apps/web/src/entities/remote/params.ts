import {
  PARAM_DEFS,
  PARAM_KEYS,
  type ParamKey,
  type ParamValue,
  type ParamValues,
  REMOTE_FINAL_STATUSES,
  type RemoteCommand,
  type RemoteTab,
  sameParamValue,
} from '@pvstar/contract/remote';
import { formatNumber } from '../../components/energy-format.ts';

export interface ParamSection {
  section: string;
  keys: ParamKey[];
}

/** The parameters of a tab by section, both in the order of PARAM_DEFS (the order the forms show). */
export function paramSections(tab: RemoteTab): ParamSection[] {
  const sections: ParamSection[] = [];
  for (const key of PARAM_KEYS) {
    const def = PARAM_DEFS[key];
    if (def.tab !== tab) continue;
    const last = sections.at(-1);
    const found = last?.section === def.section ? last : sections.find((s) => s.section === def.section);
    if (found) found.keys.push(key);
    else sections.push({ section: def.section, keys: [key] });
  }
  return sections;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * What the form holds that differs from what the device last reported: the values a write sends. An
 * emptied field is no change (validation refuses it), and keys the form has no field for are ignored.
 * "Differs" is the contract's `sameParamValue`, so the server finds the same change.
 */
export function changedValues(baseline: ParamValues, form: Record<string, unknown>): ParamValues {
  const out: ParamValues = {};
  for (const key of PARAM_KEYS) {
    const value = form[key];
    if (isEmpty(value) || sameParamValue(value, baseline[key])) continue;
    out[key] = value as ParamValue;
  }
  return out;
}

export const isParamKey = (key: string): key is ParamKey => Object.hasOwn(PARAM_DEFS, key);

/** The tab that shows a parameter (to bring a field with an error into view). */
export const tabOf = (key: string): RemoteTab | null => (isParamKey(key) ? PARAM_DEFS[key].tab : null);

export const isFinal = (command: Pick<RemoteCommand, 'status'>) =>
  REMOTE_FINAL_STATUSES.includes(command.status);

/** The command still under way (the screen follows it and waits), if any. */
export const openCommand = <C extends Pick<RemoteCommand, 'status'>>(commands: readonly C[]): C | null =>
  commands.find((c) => !isFinal(c)) ?? null;

/** A write's field errors name `values.<key>`; the form's fields are named by the key alone. */
export const WRITE_FIELD_NAMES: Record<string, string> = Object.fromEntries(
  PARAM_KEYS.map((k) => [`values.${k}`, k]),
);

/** A number as the device holds it, written as the user's language does, the unit after it ("264,5 V", "0,95"). */
export function formatNumberParam(key: ParamKey, value: number, lang?: string): string {
  const def = PARAM_DEFS[key];
  if (def.kind !== 'number') return String(value);
  const text = formatNumber(value, def.decimals, lang);
  return def.unit ? `${text} ${def.unit}` : text;
}

/** The range a number parameter accepts, in the user's language ("0,1–5 Hz/s"); '' for other kinds. */
export function formatParamRange(key: ParamKey, lang?: string): string {
  const def = PARAM_DEFS[key];
  if (def.kind !== 'number') return '';
  const range = `${formatNumber(def.min, def.decimals, lang)}–${formatNumber(def.max, def.decimals, lang)}`;
  return def.unit ? `${range} ${def.unit}` : range;
}
