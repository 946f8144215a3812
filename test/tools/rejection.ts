// The error a promise rejects with, for tests that check what a failure says (chai has no `rejected` of its own).

/** The rejection of `promise`, which must reject. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}
