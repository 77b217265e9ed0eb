/** Response bodies in tests are asserted field by field; `any` keeps those assertions readable. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export async function jsonOf(res: Response): Promise<any> {
  return res.json();
}
