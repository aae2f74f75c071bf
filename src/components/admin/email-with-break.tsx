/** An e-mail address that wraps after the @ rather than in the middle of a word, in a box too narrow for it. */
export function EmailWithBreak({ email }: { email: string }) {
  const at = email.indexOf('@')
  if (at < 0) return email
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  )
}
