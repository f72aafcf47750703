/**
 * Gathers the calls made during one turn of the event loop and answers them with one call of
 * `run`, which gets the inputs in call order and must give one output per input, in that order.
 *
 * Why: under load one turn of the event loop finishes the bodies of many requests, and each then
 * asks PostgreSQL the same kind of question. One statement for all of them is one write to the
 * database's socket and one wake-up of its backend instead of one each; on this project's bench
 * machine that system call was the event loop's largest single cost per emission
 * (bench/results/comparisons.md §7). The calls wait for `setImmediate`, which runs once the turn's I/O
 * callbacks are done, so a lone call waits for no other. If `run` fails, every call of the batch
 * fails with its error, as each would have on its own when the database is down.
 */
export function batchPerTurn<In, Out>(
  run: (inputs: In[]) => Promise<Out[]>,
  maxBatch = 256,
): (input: In) => Promise<Out> {
  interface Call {
    input: In;
    resolve: (output: Out) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Call[] = [];

  const answer = async (calls: Call[]) => {
    try {
      const outputs = await run(calls.map((call) => call.input));
      if (outputs.length !== calls.length)
        throw new Error(`a batch of ${calls.length} was answered with ${outputs.length}`);
      calls.forEach((call, i) => call.resolve(outputs[i] as Out));
    } catch (error) {
      for (const call of calls) call.reject(error);
    }
  };

  const flush = () => {
    const calls = waiting;
    waiting = [];
    for (let start = 0; start < calls.length; start += maxBatch)
      void answer(calls.slice(start, start + maxBatch));
  };

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      if (waiting.push({ input, resolve, reject }) === 1) setImmediate(flush);
    });
}
