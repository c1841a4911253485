/**
 * English text of the lesson (issue 45, `src/lesson`), registered when its chunk loads
 * (`lesson/messages.ts`). Every claim is one the lab already makes, reviewed against its source: the
 * built-in scenarios' narration and "Try this" lines (`src/scenarios/builtin/*.ts`), the glossary
 * (`src/glossary/terms.ts`) and the Real systems entries (`src/realsystems/systems.ts`); each
 * paragraph's sources are listed beside it in `chapters.ts`. German: `de.ts`, the same keys.
 * @module
 */
export const lessonEn = {
  'lesson.title': 'Distributed locks, in six short chapters',
  'lesson.lede':
    'Two programs must not write the same data at once, so they take a lock first. Across machines that is harder than it sounds. Each chapter below has one small live figure: the real simulation, framed to one idea, with a control you can move.',
  'lesson.toLab': 'Open the lab',
  'lesson.toLab.note': 'the whole run and every control, for free play',
  'lesson.contents': 'Chapters',
  'lesson.chapter': 'Chapter {n}',
  'lesson.read': 'read',
  'lesson.notes': 'Sources',
  'lesson.note.ref': 'Source {n}',
  'lesson.note.back': 'Back to the text',
  'lesson.next': 'Next: {title}',
  'lesson.end': 'That is the lesson. The lab has every scenario, control and intervention for free play.',

  // The figure's frame and controls.
  'figure.label': 'Figure {n}: {title}',
  'figure.openLab': 'Open in the lab',
  'figure.openLab.name': 'Open this run in the lab',
  'figure.events': 'Events in this figure, as text',
  'figure.asOpened': 'As the figure opens:',
  'figure.changed': 'You changed the setting, so the figure now shows another run than the words above describe: what the storage did in it is in the log below. Put the setting back to see the run described.',
  'figure.log': 'Storage log',
  'figure.log.empty': 'nothing written',
  'figure.updating': 'Running the simulation…',
  'figure.seconds': '{s} s',
  'figure.token': 'token {token}',
  'figure.reset': 'Back to the story',
  'figure.unknown': 'There is no figure “{id}” in the lesson. Its figures: {ids}.',

  // The question that ends each chapter.
  'question.label': 'Predict, then see',
  'question.see': 'See it in the figure',
  'question.right': 'Right.',
  'question.wrong': 'Not quite.',

  // 1. A lock and a lease.
  'ch.lease.title': 'A lock must expire',
  'ch.lease.p1':
    'A lock is a permission meant to be held by one client at a time: here, the right to write to the storage. Clients ask a lease service for it. etcd, ZooKeeper and Chubby are such services.',
  'ch.lease.p2':
    'What if the holder crashes? It will never release the lock. So the lock is a lease: granted for a limited time, its TTL. The holder renews it with keepalives. When none arrives in time, the lease service ends the lease and can grant the lock to the next client. Without such a timeout, a crashed client would hold the lock forever.',
  'ch.lease.p3':
    'The price of the lease: after the crash, nobody can take the lock until the TTL has run out. A shorter TTL frees it sooner, but then a shorter pause is enough to make a live holder lose its lease.',
  'ch.lease.caption': 'Client 1 crashes at 1 s holding the lock. No keepalive comes, so the lease service ends the lease one TTL after the grant; then client 2 gets the lock.',
  'ch.lease.control': 'Lease TTL',
  'ch.lease.q': 'Set the TTL to 3 s. When does client 2 get the lock?',
  'ch.lease.q.a': 'At 3.1 s',
  'ch.lease.q.b': 'Still at 10.1 s',
  'ch.lease.q.answer': 'At 3.1 s: the lease ends 3 s after the grant at 0.1 s, and the lock is free for client 2.',

  // 2. The pause.
  'ch.pause.title': 'The holder cannot know',
  'ch.pause.p1':
    'A process pause is a stretch when a program runs none of its code although it has not crashed: a stop-the-world garbage collection, say. The program does not notice while it is paused. It sends no keepalives either, and the lease service cannot tell a paused client from a crashed one.',
  'ch.pause.p2':
    'So the lease ends while client 1 is frozen, and client 2 gets the lock. When the pause ends, client 1 carries on exactly where it stopped, still believing it holds the lock: nothing tells a thread that it was paused. Its write is a late write, and this storage stores every write it receives. No error anywhere: client 2’s data is silently lost.',
  'ch.pause.caption': 'Client 1 freezes at 1 s. Its lease ends while it is frozen; when it wakes, its write lands on top of client 2’s.',
  'ch.pause.control': 'Pause of client 1',
  'ch.pause.q': 'Make the pause 5 s. Is client 1’s second write still a late write?',
  'ch.pause.q.a': 'Yes, it still lands after the lease has ended',
  'ch.pause.q.b': 'No, its lease is still live when it writes',
  'ch.pause.q.answer': 'No: client 1 wakes at 6 s while its lease is still live, a keepalive renews it, and its write is stored in time. Client 2 gets the lock only at 16.1 s.',

  // 3. Check before you write.
  'ch.check.title': '“Check before you write” does not help',
  'ch.check.p1':
    'Could the holder check that its lease is still live just before each write? Client 1 here does. The check passes, and the request takes another half second to prepare.',
  'ch.check.p2':
    'A pause can strike at any point, “including the point that is maximally inconvenient for you (between the last check and the write operation)”. The check is done and will not run again: the late write leaves anyway. It is not enough for clients to check their own lock status: the resource itself has to check.',
  'ch.check.caption': 'Client 1 checks its lease, then freezes at 1.6 s before its write leaves. Awake, it sends the write 11.8 s after its lease ended. Here the storage catches it: the next chapter says how.',
  'ch.check.control': 'Client 1 checks its lease before writing',
  'ch.check.q': 'Turn client 1’s check off. Does the storage log change?',
  'ch.check.q.a': 'Yes, more writes get through',
  'ch.check.q.b': 'No, it stays the same',
  'ch.check.q.answer': 'It stays the same: the check passed before the pause, so with or without it the same late write goes out.',

  // 4. The fencing token.
  'ch.token.title': 'The fencing token: the storage decides',
  'ch.token.p1':
    'With each grant the lease service hands out a fencing token: a number, higher every time. The client sends it with each write, and the storage remembers the highest token it has accepted. It rejects a write whose token is lower than one it has already accepted.',
  'ch.token.p2':
    'Client 1 got token 33, client 2 got 34 and wrote. When client 1 wakes and writes with 33, the storage rejects it: 33 < 34. The lease service could not stop client 1; the storage did, because it checks the token itself.',
  'ch.token.caption': 'The same pause as in chapter 2, but the storage checks tokens: client 2’s write with 34 is stored, and client 1’s late write with 33 is rejected.',
  'ch.token.control': 'Storage checks tokens',
  'ch.token.q': 'Switch the token check off. What happens to client 1’s late write?',
  'ch.token.q.a': 'It is stored on top of client 2’s',
  'ch.token.q.b': 'It is still rejected',
  'ch.token.q.answer': 'It is stored: without the check the storage stores every write, and client 2’s data is silently replaced.',

  // 5. What fencing does not do.
  'ch.window.title': 'What fencing does not do',
  'ch.window.p1':
    'A token check can only reject what the storage has been told about. Here client 2 gets token 34 but works for 15 s before its first write. The storage has never seen 34, so client 1’s late write with 33 is not lower than anything it knows, and it is stored while client 2 holds the lock.',
  'ch.window.p2': 'Fencing the writes does not fence the reads: a paused former holder can read with its old token, be served, and act on what it read.',
  'ch.window.p3': 'Equal tokens do not order one holder’s own writes: a delayed write with the same token can land last, and the older value wins.',
  'ch.window.p4': 'An equality check is not fencing: a storage that accepts only the token it saw first rejects every new holder.',
  'ch.window.p5': 'A late release can free the next holder’s lock where the lease service releases by key alone.',
  'ch.window.caption': 'Client 2 gets token 34 at 10.1 s but writes only at 25.3 s. Client 1’s late write with 33 gets in at 21.5 s, in that window.',
  'ch.window.control': 'Client 2’s work before its first write',
  'ch.window.q': 'Make client 2’s work 5 s. Does the late write still get in?',
  'ch.window.q.a': 'Yes, it is stored',
  'ch.window.q.b': 'No, it is rejected',
  'ch.window.q.answer': 'Rejected: client 2 writes with 34 at 15.3 s, before client 1 wakes, so the storage knows 34 and rejects 33.',

  // 6. Real systems.
  'ch.delay.title': 'Real systems',
  'ch.delay.p1':
    'No pause is needed for a late write. Packet networks can delay packets arbitrarily: in one incident at GitHub, packets were delayed for about 90 s. Chubby’s paper describes exactly this: a holder sends a request and fails, another process takes the lock, and the late request may then be acted on without the lock’s protection.',
  'ch.delay.p2':
    'Each real system gives you a number that grows. etcd: the revision of the lock key; its docs say its locks “cannot be used as mutual exclusion mechanism by themselves”. ZooKeeper: the zxid of the lock znode’s creation. Chubby: a sequencer, which the server receiving the request checks. Kafka: epochs, which the brokers check themselves.',
  'ch.delay.p3':
    'The storage must make the check. In SQL, a conditional UPDATE whose WHERE clause compares the token makes the check and the write one statement, so no pause can fall between them.',
  'ch.delay.p4':
    'Amazon S3 compares ETags, not numbers: read the object and its ETag, check your token against the one stored in it, and write back with If-Match set to that ETag. S3 compares that ETag with the object’s own when it writes, and the write fails if they do not match. An object’s ETag changes when its content changes, so if the object was written after you read it, your write fails instead of overwriting that newer write.',
  'ch.delay.caption': 'Client 1 sends a write at 1.4 s and crashes; the network holds the write up. It reaches the storage long after the lease ended, and the token check rejects it.',
  'ch.delay.control': 'Network delay of client 1’s second write',
  'ch.delay.q': 'Make the delay 5 s. What does the storage do with the write?',
  'ch.delay.q.a': 'Stores it',
  'ch.delay.q.b': 'Rejects it',
  'ch.delay.q.answer': 'Stores it: it arrives at 6.5 s, while the lease is still live, before client 2 gets the lock.',
} as const;

/** A key of the lesson's catalogue. */
export type LessonMessageKey = keyof typeof lessonEn;
