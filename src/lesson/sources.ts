/**
 * The lesson's sources (its footnotes): those of the lab's narration (`teaching/sources.ts`) and,
 * for the real-systems chapter, entries of the Real systems reference (`realsystems/systems.ts`),
 * with the same titles and addresses.
 * @module
 */
import { NARRATION_SOURCES, type NarrationSource } from '../teaching/sources';

/** Sources the narration does not cite, taken from the Real systems reference. */
const MORE = {
  /** Kafka's KIP-320 (leader epoch in fetch requests), cited by the zombie-stale-read scenario. */
  kafkaKip320: {
    title: 'KIP-320: Allow fetchers to detect and handle log truncation',
    url: 'https://cwiki.apache.org/confluence/display/KAFKA/KIP-320%3A+Allow+fetchers+to+detect+and+handle+log+truncation',
  },
  /** etcd issue 11788: contrib/lock's equality check (the identity-cas scenario). */
  etcd11788: { title: 'etcd issue 11788 (contrib/lock)', url: 'https://github.com/etcd-io/etcd/issues/11788' },
  /** Kafka: a producer fenced by a newer epoch (Real systems, Apache Kafka). */
  kafkaFenced: { title: 'Kafka javadoc: ProducerFencedException', url: 'https://kafka.apache.org/42/javadoc/org/apache/kafka/common/errors/ProducerFencedException.html' },
  /** PostgreSQL's UPDATE (Real systems, SQL: a conditional UPDATE on a token column). */
  pgUpdate: { title: 'PostgreSQL docs: UPDATE (Outputs)', url: 'https://www.postgresql.org/docs/current/sql-update.html' },
  /** Amazon S3 conditional writes (Real systems, Amazon S3). */
  s3Conditional: {
    title: 'Amazon S3 User Guide: How to prevent object overwrites with conditional writes',
    url: 'https://docs.aws.amazon.com/AmazonS3/latest/userguide/conditional-writes.html',
  },
} as const satisfies Record<string, NarrationSource>;

/** Every source the lesson cites, by id. */
export const LESSON_SOURCES: Readonly<Record<LessonSourceId, NarrationSource>> = { ...NARRATION_SOURCES, ...MORE };

/** The id of a source the lesson may cite. */
export type LessonSourceId = keyof typeof NARRATION_SOURCES | keyof typeof MORE;
