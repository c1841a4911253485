/**
 * Questions on how the storage compares tokens: an equal token, and random tokens instead of
 * growing ones.
 * @module
 */
import type { Question } from '../types';
import { kleppmann, ddia } from './sources';

export const TOKEN_QUESTIONS: readonly Question[] = [
  {
    id: 'equal-tokens',
    kind: 'choice',
    topic: 'equal-tokens',
    multiple: false,
    prompt:
      'The storage’s highest token is 34. The holder of token 34, whose lease is still live, writes again with token 34. What does the storage do?',
    scenarioId: 'partition-lease-service',
    options: [
      {
        id: 'accept',
        text: 'Accepts it: only a token lower than the highest is rejected',
        correct: true,
        feedback:
          'Right. The storage rejects writes “on which the token has gone backwards” (Kleppmann); an equal token has not, and one holder may write many times under one grant.',
      },
      {
        id: 'once',
        text: 'Rejects it: a token may be used only once',
        correct: false,
        feedback:
          'No: a token stands for one grant of the lock, not for one write. The storage rejects only writes “with an older token than one that has already been processed” (DDIA).',
      },
      {
        id: 'same-value',
        text: 'Accepts it only if the value is the same as before',
        correct: false,
        feedback: 'No: the check looks at the token, not at the value written; the holder may write any value under its token.',
      },
      {
        id: 'ask',
        text: 'Asks the lease service whether token 34 is still valid',
        correct: false,
        feedback:
          'No: with fencing tokens the storage decides by itself, by comparing the token with the highest it has accepted; it does not need to ask the lease service.',
      },
    ],
    sources: [kleppmann('“Making the lock safe with fencing”'), ddia('“Fencing tokens”')],
  },
  {
    id: 'random-tokens',
    kind: 'choice',
    topic: 'monotonic-tokens',
    multiple: false,
    prompt:
      'A lease service hands out a random number with each grant (like the unique random value a Redlock lock stores) instead of a number that increases. Why can the storage not use it as a fencing token?',
    scenarioId: 'random-tokens',
    options: [
      {
        id: 'order',
        text: 'A random number says nothing about which grant came later, so the storage cannot tell the current holder from a stale one',
        correct: true,
        feedback:
          'Right. On Redlock: “The unique random value it uses does not provide the required monotonicity” (Kleppmann). The check only works if every new grant gets a higher token.',
      },
      {
        id: 'size',
        text: 'Random numbers are too long for the storage to keep',
        correct: false,
        feedback: 'No: size is not the problem. The storage compares tokens, and random numbers are not ordered by grant.',
      },
      {
        id: 'unique',
        text: 'It can: all that matters is that every token is unique',
        correct: false,
        feedback:
          'No: unique is not enough. If the new holder happens to draw a lower number than the old one, the storage rejects the real holder and accepts the stale one, as the random-tokens scenario shows.',
      },
      {
        id: 'decode',
        text: 'The storage would have to ask the lease service to decode it',
        correct: false,
        feedback: 'No: nothing needs decoding. The storage only compares numbers, and the comparison means something only if the numbers grow with each grant.',
      },
    ],
    sources: [kleppmann('“Making the lock safe with fencing”')],
  },
  {
    id: 'predict-random',
    kind: 'predict',
    topic: 'monotonic-tokens',
    scenarioId: 'random-tokens',
    decision: { client: 'client-2', nth: 1 },
    ask: 'outcome',
    prompt:
      'Here each grant carries a random number instead of an increasing token. {client} now holds the lock and writes “{value}” with its number {token}. Will the storage accept it or reject it?',
    explanation:
      'The storage keeps the highest number it has accepted and rejects lower ones. Random numbers do not grow with each grant, so whether the real holder gets through depends on the draw, not on who holds the lock.',
    sources: [kleppmann('“Making the lock safe with fencing”')],
  },
];
