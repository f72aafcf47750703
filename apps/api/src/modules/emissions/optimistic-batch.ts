import type { ContentionWindow } from './contention-window.js';
import type { DocumentStore, DocumentToStore, SeriesClaim } from './document-store.js';
import type { EngineStats } from './emission-job.js';
import type { ReservationBook } from './reservation-book.js';
import type { QueuedJob } from './scheduler.js';
import type { SignJob } from './sign-job.js';

/** What an optimistic batch works with; owned by the engine. */
export interface BatchContext {
  sign: SignJob;
  store: DocumentStore;
  book: ReservationBook;
  contention: ContentionWindow;
  stats: EngineStats;
  /** Jobs that must be tried again go back to the queue, ahead of every later arrival. */
  requeue(items: QueuedJob[]): void;
}

interface SignedGroup {
  claim: SeriesClaim;
  documents: { item: QueuedJob; document: DocumentToStore }[];
}

/**
 * Signs each series' jobs with the numbers reserved for them, waits for the earlier stores of those
 * series, and stores everything in one statement that checks the counters. Jobs of a claim that
 * lost go back to the queue (their series is then contended: the locked way); so do all jobs of a
 * statement a unique index refused. `onSigned` is called once the signing is over, before the wait.
 */
export async function runOptimisticBatch(
  ctx: BatchContext,
  bySeries: Map<string, QueuedJob[]>,
  earlierStores: Promise<unknown>,
  onSigned: () => void = () => {},
): Promise<void> {
  const signings: Promise<SignedGroup | undefined>[] = [];
  for (const [seriesId, group] of bySeries) {
    const hint = Math.max(...group.map((item) => item.job.counterHint));
    const firstNumber = ctx.book.reserve(seriesId, group.length, hint);
    if (firstNumber === undefined) {
      // The locked path answers series_exhausted for exactly the jobs past the last number.
      ctx.contention.mark(seriesId);
      ctx.requeue(group);
      continue;
    }
    signings.push(signGroup(ctx, seriesId, firstNumber, group));
  }
  const groups = (await Promise.all(signings)).filter((g) => g !== undefined);
  onSigned();
  if (groups.length === 0) return;

  await earlierStores;
  const claims = groups.map((g) => g.claim);
  const documents = groups.flatMap((g) => g.documents);
  ctx.stats.optimisticStatements += 1;
  let result;
  try {
    result = await ctx.store.storeIfCountersUnchanged(
      claims,
      documents.map((d) => d.document),
    );
  } catch (error) {
    for (const claim of claims) ctx.book.forget(claim.seriesId);
    for (const { item } of documents) item.reject(error);
    return;
  }
  if (result.kind === 'conflict') {
    // A key (or number) was used meanwhile: the locked path finds out which and answers it.
    for (const claim of claims) {
      ctx.book.forget(claim.seriesId);
      ctx.contention.mark(claim.seriesId);
    }
    ctx.requeue(documents.map((d) => d.item));
    return;
  }

  for (const claim of claims) {
    const outcome = result.outcomes.get(claim.seriesId);
    if (outcome?.stored) {
      ctx.book.stored(claim.seriesId, claim.firstNumber + claim.count);
      ctx.stats.optimisticStored += claim.count;
      continue;
    }
    // Another process numbered the series (or an earlier batch of ours did not store).
    ctx.book.lost(claim.seriesId, outcome?.counter ?? null);
    ctx.contention.mark(claim.seriesId);
    ctx.stats.claimsLost += 1;
  }
  const lost: QueuedJob[] = [];
  for (const { item, document } of documents) {
    const row = result.created.get(document);
    if (row) item.resolve({ kind: 'created', document: row });
    else lost.push(item);
  }
  ctx.requeue(lost);
}

/**
 * Signs a series' jobs with consecutive numbers from `firstNumber`, all at once (on the signing
 * threads). If one fails it is refused and the rest go back to the queue: numbering them anew is
 * simpler than closing the hole, and a failure to sign is a bug, not an everyday event.
 */
async function signGroup(
  ctx: BatchContext,
  seriesId: string,
  firstNumber: number,
  group: QueuedJob[],
): Promise<SignedGroup | undefined> {
  const outcomes = await Promise.allSettled(
    group.map((item, i) => ctx.sign(item.job, firstNumber + i)),
  );
  const documents: SignedGroup['documents'] = [];
  const retry: QueuedJob[] = [];
  outcomes.forEach((outcome, i) => {
    const item = group[i];
    if (!item) return;
    if (outcome.status === 'fulfilled') documents.push({ item, document: outcome.value });
    else item.reject(outcome.reason);
  });
  if (documents.length === group.length)
    return { claim: { seriesId, firstNumber, count: group.length }, documents };
  retry.push(...documents.map((d) => d.item));
  ctx.requeue(retry);
  // The group's numbers are not stored: a batch that reserved after them will lose its claim, so
  // the series goes the locked way, which reads the counter afresh.
  ctx.book.forget(seriesId);
  ctx.contention.mark(seriesId);
  return undefined;
}
