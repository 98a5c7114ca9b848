import { Link } from 'gatsby-link';
import React, { useEffect } from 'react';
import { useCheckReceipt } from '../api/check-receipt';
import { useGiveaway } from '../api/get-giveaway';
import { setPageTitle } from '../document-title';
import { type CheckReceipt, ReceiptCheck } from './receipt-check';
import { Subpage } from './subpage';

/** /giveaway/{id}/check: "Was I in the draw?", by receipt code. */
export function CheckPage({ id }: { id: string }) {
  const { data } = useGiveaway(id);
  const title = data?.giveaway?.title;
  const [checkReceipt] = useCheckReceipt();

  useEffect(() => {
    setPageTitle(title ? `Was I in the draw? - ${title}` : 'Was I in the draw?');
  }, [title]);

  const check: CheckReceipt = async (receipt) => {
    const { data: answer } = await checkReceipt({ variables: { id, input: { receipt } } });
    return answer?.checkReceipt ?? null;
  };
  return <CheckView id={id} title={title} form={<ReceiptCheck id={id} check={check} />} />;
}

/** The page around the receipt check `form` (live in the app, an island on a document page). */
export function CheckView({
  id,
  title,
  form,
}: {
  id: string;
  title: string | undefined;
  form: React.ReactNode;
}) {
  return (
    <Subpage giveawayId={id} title="Was I in the draw?" lead={title}>
      {form}
      <p>
        <Link to={`/giveaway/${id}/verify`}>See the frozen list and check the draw yourself</Link>
      </p>
    </Subpage>
  );
}
