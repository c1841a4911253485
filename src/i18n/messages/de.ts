/**
 * Deutsche Oberflächentexte: dieselben Schlüssel wie `en.ts`, ICU MessageFormat (ein Apostroph vor
 * `{` maskiert den Platzhalter, daher `''{value}''` für Anführungszeichen um einen Wert).
 *
 * Fachbegriffe stehen so, wie man sie im Feld schreibt: Lease, Lock, Fencing-Token, Keepalive,
 * TTL, GC-Pause. Der Lease-Service vergibt den Lock, der Speicher ist die Ressource. Namen von
 * Akteuren werden ohne Artikel eingesetzt (die Fälle wechseln), daher Formulierungen wie
 * „Absender: {from}“. Fehlt ein Schlüssel, zeigt die App den englischen Text; ein Test listet
 * fehlende Schlüssel. Szenario-Erzählungen (`src/scenarios/builtin`) sind Inhalt und bleiben
 * englisch, ebenso das Protokoll des Speichers (die Ausgabe des Seed-Programms).
 */
import type { MessageKey } from './en';

export const de = {
  'app.title': 'Fencing Lab',
  'app.tagline': 'Leases, Prozesspausen und Fencing-Tokens, Schritt für Schritt',
  'app.partFailed': 'Dieser Teil konnte nicht geladen werden. Prüfen Sie die Verbindung und laden Sie die Seite neu.',

  'header.scenario': 'Szenario',
  'header.custom': 'Eigenes Szenario',
  'header.fencingToggled.off': 'Sie haben die Token-Prüfung des Speichers ausgeschaltet: Der Ablauf weicht vom Szenario ab, wie es geschrieben ist.',
  'header.fencingToggled.on': 'Sie haben die Token-Prüfung des Speichers eingeschaltet: Der Ablauf weicht vom Szenario ab, wie es geschrieben ist.',
  'fencing.label': 'Speicher prüft Tokens',
  'fencing.on': 'an',
  'fencing.off': 'aus',
  'fencing.eq': 'nur Gleichheit',
  'fencing.note': 'Gilt für den ganzen Lauf.',

  'controls.label': 'Wiedergabe',
  'controls.play': 'Abspielen',
  'controls.pause': 'Pause',
  'controls.restart': 'Zum Anfang',
  'controls.prev': 'Vorheriges Ereignis',
  'controls.next': 'Nächstes Ereignis',
  'controls.end': 'Zum Ende',
  'controls.speed': 'Tempo',
  'controls.speedValue': '{speed}×',
  'controls.scrubber': 'Abspielposition',
  'controls.scrubberValue': '{now} s von {end} s',
  'controls.time': '{now} s',
  'controls.timeEnd': '/ {end} s',
  'controls.shortcuts': 'Tasten: Leertaste spielt ab oder pausiert, ← → springen zwischen Ereignissen, Pos1 und Ende springen an Anfang und Ende.',

  'status.waiting': 'nicht gestartet',
  'status.running': 'läuft',
  'status.paused': 'pausiert',
  'status.crashed': 'abgestürzt',
  'status.done': 'fertig',
  'status.holds': 'hält {token}',
  'status.believes': 'glaubt, {token} zu halten',

  'timeline.label': 'Zeitleiste: {title}',
  'timeline.axis': 'Zeit (s) →',
  'timeline.skipQuiet': 'Ruhe auslassen',
  'timeline.lane.leaseService': 'Lease-Service',
  'timeline.lane.storage': 'Speicher',
  'timeline.lane.leaseServiceSub': 'die Wahrheit',
  'timeline.lane.storageSub': 'die Ressource',
  'timeline.lane.highest': 'höchstes Token {token}',
  'timeline.lane.acceptsOnly': 'nimmt nur Token {token} an',
  'timeline.lane.lock': 'Lock: Token {token}',
  'timeline.lane.free': 'Lock: frei',
  'timeline.lease.ended.expired': 'abgelaufen',
  'timeline.lease.ended.released': 'freigegeben',
  'timeline.lease.ended.revoked': 'entzogen',
  'timeline.playhead': 'Abspielposition bei {at} s',
  'timeline.legend': 'Legende',
  'timeline.legend.lease': 'Lease beim Lease-Service (die Wahrheit)',
  'timeline.legend.belief': 'was der Client glaubt',
  'timeline.legend.stale': 'glaubt es, aber die Lease ist weg',
  'timeline.legend.pause': 'pausiert: führt nichts aus',
  'timeline.legend.keepalive': 'Keepalive',
  'timeline.legend.accepted': 'Schreibzugriff gespeichert (Token angenommen)',
  'timeline.legend.rejected': 'Schreibzugriff abgelehnt (Token kleiner als das höchste bisher)',
  'timeline.legend.rejectedEq': 'Schreibzugriff abgelehnt (nicht das gemerkte Token)',
  'timeline.legend.storedStale': 'gespeichert, aber veraltet: der Schreiber hielt die Lease nicht mehr',
  'timeline.legend.read': 'Lesen beim Speicher',
  'timeline.legend.check': 'der Client prüft seinen eigenen Lease-Timer: bestanden, nicht bestanden',
  'timeline.scroll': 'Zeitleiste (seitlich scrollbar)',

  'storage.heading': 'Speicher',
  'storage.check.on': 'prüft Fencing-Tokens',
  'storage.check.off': 'prüft keine Tokens',
  'storage.highest': 'Höchstes gesehenes Token',
  'storage.acceptsOnly': 'Einziges Token, das er annimmt',
  'storage.acceptsAny': 'jedes, bis zum ersten Schreibzugriff',
  'storage.check.eq': 'prüft Token-Gleichheit',
  'storage.data': 'Gespeicherte Daten',
  'storage.none': 'noch nichts',
  'storage.log': 'Protokoll',
  'storage.logEmpty': 'Noch keine Schreibzugriffe.',
  'storage.earlier': '{n} frühere: siehe Ereignistabelle.',
  'storage.accepted': 'angenommen:',
  'storage.rejected': 'abgelehnt:',
  'storage.stale': 'veraltet: der Schreiber hielt die Lease nicht mehr',

  'caption.heading': 'Was gerade passiert ist',
  'caption.at': 'bei {at} s',
  'caption.intro.title': 'Drücken Sie „Abspielen“, um die Geschichte zu starten',
  'caption.intro': 'Jeder Client führt sein Programm aus; der Lease-Service vergibt den Lock; der Speicher hält die Daten.',
  'caption.latest': 'Letztes Ereignis:',
  'caption.sources': 'Quellen ({count})',
} as const satisfies Partial<Record<MessageKey, string>>;
