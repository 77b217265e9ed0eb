/** Response bodies in tests are asserted field by field; `any` keeps those assertions readable. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function jsonOf(res: Response): Promise<any> {
  return res.json();
}
