import { Alert } from '../../../components/ui/alert';
import { useMessageText } from '../../../lib/auth/form-errors';

/** Messages of a failed call that belong to no field, one alert each. */
export function GeneralErrors({ messages }: { messages: string[] }) {
  const text = useMessageText();
  return (
    <>
      {messages.map((message) => (
        <Alert key={message} variant="error">
          {text(message)}
        </Alert>
      ))}
    </>
  );
}
