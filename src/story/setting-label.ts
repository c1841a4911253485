/**
 * The names of the scenario settings (`settings/settings.ts`) in chips and controls: "Lease TTL
 * (s)", "Client 1: check lease before write"... No side effects: the interventions' chips use it
 * without the settings controls (their text is registered by `messages.ts` with the controls, the
 * only place a `set` change is made).
 * @module
 */
import type { Fault, Scenario } from '../model/scenario';
import type { SettingValue } from '../store/interventions';
import type { Translate } from '../teaching/captions';
import type { MessageKey } from '../i18n';

/** The name of a client of `s` (its id if unknown). */
const nameOf = (s: Scenario, id: string) => s.clients.find((c) => c.id === id)?.name ?? id;

/** The heading of a scripted fault's controls. */
export function faultTitle(f: Fault, s: Scenario, t: Translate): string {
  switch (f.kind) {
    case 'delay':
      return t('settings.fault.delay', { from: nameOf(s, f.from), to: f.to === 'storage' ? t('timeline.lane.storage') : nameOf(s, f.to), nth: f.nth });
    case 'expireLease':
      return t('settings.fault.expire');
    case 'resetStorage':
      return t('settings.fault.reset');
    default:
      return t('settings.fault', { fault: f.kind, client: nameOf(s, f.client) });
  }
}

/** A setting's name in a chip ("Lease TTL (s)", "Client 1: check lease before write"...). */
export function settingLabel(path: string, s: Scenario, t: Translate): string {
  const p = path.split('.');
  if (path === 'lease.ttlMs') return t('settings.ttl');
  if (path === 'network.latencyMs') return t('settings.latency');
  if (path === 'storage.fenceReads') return t('settings.fenceReads');
  if (path === 'lease.tokens') return t('settings.tokens');
  if (path === 'lease.seed') return t('settings.seed');
  if (path === 'storage.sequence') return t('settings.sequence');
  if (path === 'storage.fencing') return t('settings.fencing');
  if (path === 'lease.release') return t('settings.release');
  if (path === 'storage.fencePer') return t('settings.fencePer');
  if (p[0] === 'clients') {
    const client = nameOf(s, p[1]!);
    if (p[2] === 'checkLeaseBeforeWrite') return t('settings.check', { client });
    if (p[2] === 'renewEveryMs') return t('settings.renew', { client });
    if (p[2] === 'clockRate') return t('settings.clock', { client });
    if (p[2] === 'leaseTimer') return t('settings.timer', { client });
    const n = Number(p[3]) + 1;
    if (p[4] === 'wait') return t('settings.wait', { client, n });
    const op = s.clients.find((c) => c.id === p[1])?.program[Number(p[3])]?.op ?? '';
    return p.length === 5 ? t('settings.work', { client, n }) : t('settings.step', { client, n, op });
  }
  if (p[0] === 'faults') {
    const f = s.faults[Number(p[1])];
    if (!f) return path;
    const title = faultTitle(f, s, t);
    if (p.length === 2) return title;
    return `${title}, ${t(p[2] === 'atMs' ? 'settings.fault.at' : p[2] === 'forMs' ? 'settings.fault.for' : 'settings.fault.extra')}`;
  }
  return path;
}

/**
 * The words a choice setting's value has in its control ("order (fencing)", "increasing"...), for
 * the chip that lists the change; `undefined` for a value that is not one of the control's choices.
 */
export function choiceLabel(path: string, value: string, t: Translate): string | undefined {
  const key: MessageKey | undefined =
    path === 'storage.fencing'
      ? ({ token: 'settings.fencing.token', equality: 'settings.fencing.equality', off: 'settings.fencing.off' } as const)[value as 'token']
      : path === 'lease.release'
        ? ({ fenced: 'settings.release.fenced', 'by-key': 'settings.release.byKey' } as const)[value as 'fenced']
        : path === 'lease.tokens'
          ? ({ monotonic: 'settings.tokens.monotonic', random: 'settings.tokens.random' } as const)[value as 'random']
          : path.endsWith('.leaseTimer')
            ? ({ 'from-reply': 'settings.timer.reply', 'from-request': 'settings.timer.request' } as const)[value as 'from-reply']
            : path === 'storage.fencePer'
              ? ({ lock: 'settings.fencePer.lock', key: 'settings.fencePer.key' } as const)[value as 'lock']
              : undefined;
  return key === undefined ? undefined : t(key);
}

/** A `set` intervention's chip text. */
export function describeSetting(path: string, value: SettingValue, s: Scenario, t: Translate): string {
  const shown =
    value === null
      ? '—'
      : typeof value === 'string'
        ? (choiceLabel(path, value, t) ?? value)
        : typeof value === 'boolean'
        ? value
          ? '✓'
          : '✗'
        : typeof value === 'number' && (path.endsWith('Ms') || path.endsWith('.ms')) && path !== 'network.latencyMs'
          ? String(value / 1000)
          : String(value);
  return t('chip.set', { setting: settingLabel(path, s, t), value: shown });
}

