/**
 * Deutsche Texte der Lektion (issue 45, `src/lesson`): dieselben Schlüssel wie `en.ts`, geladen, wenn
 * die Seite deutsch ist (`lesson/messages.ts`). Eine treue Übersetzung des englischen Textes, der
 * mit seinen Quellen geprüft ist (`chapters.ts` nennt sie je Absatz): sie sagt nicht mehr als er.
 * Fachbegriffe wie im übrigen Lab (`i18n/messages/de.ts`): Lease, Lock, Fencing-Token, Keepalive,
 * TTL, Lease-Service, Speicher. Wörtliche Zitate aus Quellen bleiben englisch, ebenso Titel von
 * Quellen und das Protokoll des Speichers (die Ausgabe der Simulation).
 * @module
 */
import type { LessonMessageKey } from './en';

export const lessonDe = {
  'lesson.title': 'Verteilte Locks in sechs kurzen Kapiteln',
  'lesson.lede':
    'Zwei Programme dürfen nicht gleichzeitig dieselben Daten schreiben, also nehmen sie zuerst einen Lock. Über mehrere Rechner hinweg ist das schwieriger, als es klingt. Jedes Kapitel unten hat eine kleine lebendige Abbildung: die echte Simulation, auf eine Idee zugeschnitten, mit einem Regler, den Sie bewegen können.',
  'lesson.toLab': 'Das Lab öffnen',
  'lesson.toLab.note': 'der ganze Ablauf und alle Regler, zum freien Ausprobieren',
  'lesson.contents': 'Kapitel',
  'lesson.chapter': 'Kapitel {n}',
  'lesson.read': 'gelesen',
  'lesson.notes': 'Quellen',
  'lesson.note.ref': 'Quelle {n}',
  'lesson.note.back': 'Zurück zum Text',
  'lesson.next': 'Weiter: {title}',
  'lesson.end': 'Das war die Lektion. Das Lab hat jedes Szenario, jeden Regler und jeden Eingriff zum freien Ausprobieren.',

  'figure.label': 'Abbildung {n}: {title}',
  'figure.openLab': 'Im Lab öffnen',
  'figure.openLab.name': 'Diesen Ablauf im Lab öffnen',
  'figure.events': 'Ereignisse dieser Abbildung als Text',
  'figure.asOpened': 'Beim Öffnen der Abbildung:',
  'figure.changed':
    'Sie haben die Einstellung geändert, daher zeigt die Abbildung jetzt einen anderen Ablauf, als der Text oben beschreibt: Was der Speicher darin getan hat, steht im Protokoll unten. Stellen Sie die Einstellung zurück, um den beschriebenen Ablauf zu sehen.',
  'figure.log': 'Protokoll des Speichers',
  'figure.log.empty': 'nichts geschrieben',
  'figure.updating': 'Die Simulation läuft …',
  'figure.seconds': '{s} s',
  'figure.token': 'Token {token}',
  'figure.reset': 'Zurück zur Geschichte',
  'figure.unknown': 'Die Lektion hat keine Abbildung „{id}“. Ihre Abbildungen: {ids}.',

  'question.label': 'Erst vorhersagen, dann sehen',
  'question.see': 'In der Abbildung ansehen',
  'question.right': 'Richtig.',
  'question.wrong': 'Nicht ganz.',

  // 1. Ein Lock und eine Lease.
  'ch.lease.title': 'Ein Lock muss ablaufen',
  'ch.lease.p1':
    'Ein Lock ist eine Erlaubnis, die jeweils nur ein Client halten soll: hier das Recht, in den Speicher zu schreiben. Clients fragen einen Lease-Service danach. etcd, ZooKeeper und Chubby sind solche Dienste.',
  'ch.lease.p2':
    'Was, wenn der Halter abstürzt? Er wird den Lock nie freigeben. Deshalb ist der Lock eine Lease: für begrenzte Zeit vergeben, ihre TTL. Der Halter verlängert sie mit Keepalives. Kommt keines rechtzeitig an, beendet der Lease-Service die Lease und kann den Lock dem nächsten Client geben. Ohne eine solche Frist hielte ein abgestürzter Client den Lock für immer.',
  'ch.lease.p3':
    'Der Preis der Lease: Nach dem Absturz kann niemand den Lock nehmen, bis die TTL abgelaufen ist. Eine kürzere TTL gibt ihn früher frei, aber dann genügt schon eine kürzere Pause, damit ein lebender Halter seine Lease verliert.',
  'ch.lease.caption':
    'Client 1 stürzt bei 1 s ab, während er den Lock hält. Kein Keepalive kommt, daher beendet der Lease-Service die Lease eine TTL nach der Vergabe; dann bekommt Client 2 den Lock.',
  'ch.lease.control': 'TTL der Lease',
  'ch.lease.q': 'Stellen Sie die TTL auf 3 s. Wann bekommt Client 2 den Lock?',
  'ch.lease.q.a': 'Bei 3,1 s',
  'ch.lease.q.b': 'Weiterhin bei 10,1 s',
  'ch.lease.q.answer': 'Bei 3,1 s: Die Lease endet 3 s nach der Vergabe bei 0,1 s, und der Lock ist frei für Client 2.',

  // 2. Die Pause.
  'ch.pause.title': 'Der Halter kann es nicht wissen',
  'ch.pause.p1':
    'Eine Prozesspause ist eine Zeitspanne, in der ein Programm keinen seiner Befehle ausführt, obwohl es nicht abgestürzt ist: etwa eine Stop-the-World-Garbage-Collection. Das Programm merkt nichts, solange es pausiert. Es sendet auch keine Keepalives, und der Lease-Service kann einen pausierten Client nicht von einem abgestürzten unterscheiden.',
  'ch.pause.p2':
    'Also endet die Lease, während Client 1 eingefroren ist, und Client 2 bekommt den Lock. Endet die Pause, macht Client 1 genau dort weiter, wo er stehen geblieben ist, und glaubt weiter, den Lock zu halten: Nichts sagt einem Thread, dass er pausiert war. Sein Schreibvorgang ist ein verspäteter, und dieser Speicher speichert jeden Schreibvorgang, den er erhält. Nirgends ein Fehler: Die Daten von Client 2 gehen stillschweigend verloren.',
  'ch.pause.caption':
    'Client 1 friert bei 1 s ein. Seine Lease endet, während er eingefroren ist; als er aufwacht, landet sein Schreibvorgang über dem von Client 2.',
  'ch.pause.control': 'Pause von Client 1',
  'ch.pause.q': 'Machen Sie die Pause 5 s lang. Ist der zweite Schreibvorgang von Client 1 dann immer noch verspätet?',
  'ch.pause.q.a': 'Ja, er kommt weiterhin erst nach dem Ende der Lease an',
  'ch.pause.q.b': 'Nein, seine Lease gilt noch, wenn er schreibt',
  'ch.pause.q.answer':
    'Nein: Client 1 wacht bei 6 s auf, während seine Lease noch gilt, ein Keepalive verlängert sie, und sein Schreibvorgang wird rechtzeitig gespeichert. Client 2 bekommt den Lock erst bei 16,1 s.',

  // 3. Erst prüfen, dann schreiben.
  'ch.check.title': '„Erst prüfen, dann schreiben“ hilft nicht',
  'ch.check.p1':
    'Könnte der Halter nicht kurz vor jedem Schreibvorgang prüfen, ob seine Lease noch gilt? Client 1 tut das hier. Die Prüfung besteht, und die Anfrage braucht noch eine halbe Sekunde zur Vorbereitung.',
  'ch.check.p2':
    'Eine Pause kann an jeder Stelle kommen, „including the point that is maximally inconvenient for you (between the last check and the write operation)“. Die Prüfung ist erledigt und läuft nicht noch einmal: Der verspätete Schreibvorgang geht trotzdem hinaus. Es genügt nicht, dass Clients ihren eigenen Lock-Status prüfen: Die Ressource selbst muss prüfen.',
  'ch.check.caption':
    'Client 1 prüft seine Lease und friert dann bei 1,6 s ein, bevor sein Schreibvorgang hinausgeht. Wach geworden, sendet er den Schreibvorgang 11,8 s nach dem Ende seiner Lease. Hier fängt der Speicher ihn ab: Wie, sagt das nächste Kapitel.',
  'ch.check.control': 'Client 1 prüft seine Lease vor dem Schreiben',
  'ch.check.q': 'Schalten Sie die Prüfung von Client 1 aus. Ändert sich das Protokoll des Speichers?',
  'ch.check.q.a': 'Ja, mehr Schreibvorgänge kommen durch',
  'ch.check.q.b': 'Nein, es bleibt gleich',
  'ch.check.q.answer':
    'Es bleibt gleich: Die Prüfung bestand vor der Pause, also geht mit oder ohne sie derselbe verspätete Schreibvorgang hinaus.',

  // 4. Das Fencing-Token.
  'ch.token.title': 'Das Fencing-Token: Der Speicher entscheidet',
  'ch.token.p1':
    'Mit jeder Vergabe gibt der Lease-Service ein Fencing-Token aus: eine Zahl, jedes Mal höher. Der Client sendet es mit jedem Schreibvorgang, und der Speicher merkt sich das höchste Token, das er angenommen hat. Er lehnt einen Schreibvorgang ab, dessen Token niedriger ist als eines, das er schon angenommen hat.',
  'ch.token.p2':
    'Client 1 bekam Token 33, Client 2 bekam 34 und schrieb. Als Client 1 aufwacht und mit 33 schreibt, lehnt der Speicher ab: 33 < 34. Der Lease-Service konnte Client 1 nicht aufhalten; der Speicher schon, weil er das Token selbst prüft.',
  'ch.token.caption':
    'Dieselbe Pause wie in Kapitel 2, aber der Speicher prüft Tokens: Der Schreibvorgang von Client 2 mit 34 wird gespeichert, der verspätete von Client 1 mit 33 abgelehnt.',
  'ch.token.control': 'Speicher prüft Tokens',
  'ch.token.q': 'Schalten Sie die Token-Prüfung aus. Was geschieht mit dem verspäteten Schreibvorgang von Client 1?',
  'ch.token.q.a': 'Er wird über dem von Client 2 gespeichert',
  'ch.token.q.b': 'Er wird weiterhin abgelehnt',
  'ch.token.q.answer':
    'Er wird gespeichert: Ohne die Prüfung speichert der Speicher jeden Schreibvorgang, und die Daten von Client 2 werden stillschweigend ersetzt.',

  // 5. Was Fencing nicht leistet.
  'ch.window.title': 'Was Fencing nicht leistet',
  'ch.window.p1':
    'Eine Token-Prüfung kann nur ablehnen, wovon der Speicher erfahren hat. Hier bekommt Client 2 Token 34, arbeitet aber 15 s vor seinem ersten Schreibvorgang. Der Speicher hat 34 nie gesehen, also ist der verspätete Schreibvorgang von Client 1 mit 33 nicht niedriger als irgendetwas, das er kennt, und wird gespeichert, während Client 2 den Lock hält.',
  'ch.window.p2':
    'Die Schreibvorgänge abzusichern sichert nicht die Lesevorgänge: Ein pausierter früherer Halter kann mit seinem alten Token lesen, bedient werden und nach dem Gelesenen handeln.',
  'ch.window.p3':
    'Gleiche Tokens ordnen nicht die eigenen Schreibvorgänge eines Halters: Ein verzögerter Schreibvorgang mit demselben Token kann als letzter ankommen, und der ältere Wert gewinnt.',
  'ch.window.p4':
    'Eine Gleichheitsprüfung ist kein Fencing: Ein Speicher, der nur das zuerst gesehene Token annimmt, lehnt jeden neuen Halter ab.',
  'ch.window.p5':
    'Eine verspätete Freigabe kann den Lock des nächsten Halters freigeben, wo der Lease-Service allein nach dem Schlüssel freigibt.',
  'ch.window.caption':
    'Client 2 bekommt Token 34 bei 10,1 s, schreibt aber erst bei 25,3 s. Der verspätete Schreibvorgang von Client 1 mit 33 kommt bei 21,5 s durch, in diesem Fenster.',
  'ch.window.control': 'Arbeit von Client 2 vor seinem ersten Schreibvorgang',
  'ch.window.q': 'Machen Sie die Arbeit von Client 2 5 s lang. Kommt der verspätete Schreibvorgang dann noch durch?',
  'ch.window.q.a': 'Ja, er wird gespeichert',
  'ch.window.q.b': 'Nein, er wird abgelehnt',
  'ch.window.q.answer':
    'Abgelehnt: Client 2 schreibt mit 34 bei 15,3 s, bevor Client 1 aufwacht, also kennt der Speicher 34 und lehnt 33 ab.',

  // 6. Echte Systeme.
  'ch.delay.title': 'Echte Systeme',
  'ch.delay.p1':
    'Für einen verspäteten Schreibvorgang braucht es keine Pause. Paketnetze können Pakete beliebig verzögern: Bei einem Vorfall bei GitHub wurden Pakete etwa 90 s lang verzögert. Das Chubby-Paper beschreibt genau das: Ein Halter sendet eine Anfrage und fällt aus, ein anderer Prozess nimmt den Lock, und die verspätete Anfrage kann dann ohne den Schutz des Locks ausgeführt werden.',
  'ch.delay.p2':
    'Jedes echte System gibt Ihnen eine Zahl, die wächst. etcd: die Revision des Lock-Schlüssels; seine Dokumentation sagt, dass seine Locks „cannot be used as mutual exclusion mechanism by themselves“. ZooKeeper: die zxid der Erzeugung des Lock-Znodes. Chubby: ein Sequencer, den der Server prüft, der die Anfrage erhält. Kafka: Epochen, die die Broker selbst prüfen.',
  'ch.delay.p3':
    'Der Speicher muss die Prüfung machen. In SQL macht ein bedingtes UPDATE, dessen WHERE-Klausel das Token vergleicht, Prüfung und Schreibvorgang zu einer Anweisung, sodass keine Pause dazwischen fallen kann.',
  'ch.delay.p4':
    'Amazon S3 vergleicht ETags, keine Zahlen: Lesen Sie das Objekt und sein ETag, prüfen Sie Ihr Token gegen das darin gespeicherte, und schreiben Sie mit If-Match zurück, gesetzt auf dieses ETag. S3 vergleicht dieses ETag beim Schreiben mit dem des Objekts, und der Schreibvorgang schlägt fehl, wenn sie nicht übereinstimmen. Das ETag eines Objekts ändert sich, wenn sich sein Inhalt ändert: Wurde das Objekt geschrieben, nachdem Sie es gelesen haben, schlägt Ihr Schreibvorgang fehl, statt diesen neueren zu überschreiben.',
  'ch.delay.caption':
    'Client 1 sendet bei 1,4 s einen Schreibvorgang und stürzt ab; das Netz hält den Schreibvorgang auf. Er erreicht den Speicher lange nach dem Ende der Lease, und die Token-Prüfung lehnt ihn ab.',
  'ch.delay.control': 'Netzverzögerung des zweiten Schreibvorgangs von Client 1',
  'ch.delay.q': 'Machen Sie die Verzögerung 5 s lang. Was tut der Speicher mit dem Schreibvorgang?',
  'ch.delay.q.a': 'Er speichert ihn',
  'ch.delay.q.b': 'Er lehnt ihn ab',
  'ch.delay.q.answer': 'Er speichert ihn: Er kommt bei 6,5 s an, während die Lease noch gilt, bevor Client 2 den Lock bekommt.',
} as const satisfies Record<LessonMessageKey, string>;
