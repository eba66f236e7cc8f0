import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatMediumDate, type IsoDate } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBlockOwnTime } from '../api/block-own-time.ts';

/** `HH:MM` of a time input -> minutes after midnight. */
function minutesOf(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * A doctor takes time out of their own day (a meeting, a lab visit). A booking in the way is
 * refused by the server with why; the form says so and keeps what was typed.
 */
export function BlockOwnTimeForm({ date }: { date: IsoDate }) {
  const titleId = useId();
  const fromId = useId();
  const toId = useId();
  const reasonId = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const blockOwnTime = useBlockOwnTime();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startMin = minutesOf(from);
    const endMin = minutesOf(to);
    if (startMin === null || endMin === null) return setProblem('Give the start and the end.');
    if (endMin <= startMin) return setProblem('The end must be after the start.');
    setProblem(null);
    blockOwnTime.mutate(
      { date, startMin, endMin, reason },
      {
        onSuccess: () => {
          toast.success(`Blocked ${from}–${to} on ${formatMediumDate(date)}`);
          setFrom('');
          setTo('');
          setReason('');
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <section aria-labelledby={titleId} className="card card-border bg-base-100">
      <form className="card-body gap-3 p-4" onSubmit={submit} noValidate>
        <h3 id={titleId} className="font-semibold">
          Block my time on {formatMediumDate(date)}
        </h3>
        <div className="flex flex-wrap gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={fromId} className="text-sm font-medium">
              From
            </label>
            <input id={fromId} type="time" className="input w-32" value={from} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={toId} className="text-sm font-medium">
              To
            </label>
            <input id={toId} type="time" className="input w-32" value={to} onChange={(e) => setTo(e.target.value)} />
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="text-sm font-medium">
            Reason (optional)
          </label>
          <input
            id={reasonId}
            className="input w-full"
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        {problem && (
          <p role="alert" className="text-error">
            {problem}
          </p>
        )}
        <Button type="submit" className="w-fit" isLoading={blockOwnTime.isPending}>
          Block this time
        </Button>
      </form>
    </section>
  );
}
