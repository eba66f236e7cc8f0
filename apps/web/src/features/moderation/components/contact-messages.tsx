import { useId } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { useContactMessages } from '../api/get-contact-messages.ts';
import { Instant } from '../../../lib/instants.tsx';

/** Messages: what visitors sent through the contact form, newest first (as the server sends). */
export function ContactMessages() {
  const list = useContactMessages();
  const titleId = useId();

  if (list.isPending) return <Spinner label="Loading the messages…" />;
  if (list.isError) {
    return <StaffLoadFailed error={list.error} onRetry={() => void list.refetch()} />;
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-xl font-semibold">
        Messages: {list.data.length}
      </h2>
      {list.data.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <DataTable labelledBy={titleId} columns={['Received', 'Email', 'Subject', 'Message']}>
          {list.data.map((message) => (
            <tr key={message._id} className="align-top">
              <td className="whitespace-nowrap">
                <Instant iso={message.createdAt} />
              </td>
              <td className="break-all">
                <a href={`mailto:${message.email}`} className="link">
                  {message.email}
                </a>
              </td>
              <td>{message.subject}</td>
              <td className="whitespace-pre-line">{message.message}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
