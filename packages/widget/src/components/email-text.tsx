/**
 * An email address that never breaks mid-word (issue 15 item 8): the line may break only at the
 * '@' (the local part and '@domain' are two unbreakable pieces that wrap as wholes), and a piece
 * wider than its box ends in an ellipsis, with the full address in the tooltip. The text itself
 * stays whole, so screen readers and copy read the full address.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  const parts = at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
  return (
    <span className={className ? `p-email ${className}` : 'p-email'} title={email}>
      {parts.map((part, i) => <span key={i} className="p-email-part">{part}</span>)}
    </span>
  );
}
