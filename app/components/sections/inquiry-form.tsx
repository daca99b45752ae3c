/** Placeholder until the inquiry pipeline lands: the contact page renders <InquiryForm />. */
export function InquiryForm() {
  return (
    <div className="rounded-xl border p-6">
      <h2 className="text-2xl font-bold">Request a Free Quote</h2>
    </div>
  );
}
