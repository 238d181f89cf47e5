import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorSummary } from './error-summary';
import { TextField } from './text-field';

describe('ErrorSummary', () => {
  it('takes focus when shown and links each message to its field', async () => {
    const onSelect = vi.fn();
    render(
      <>
        <ErrorSummary
          title="There is a problem"
          onSelect={onSelect}
          errors={[
            { fieldId: 'email', message: 'Enter an email address' },
            { fieldId: 'password', message: 'Enter a password' },
          ]}
        />
        <TextField id="email" label="Email" />
        <TextField id="password" type="password" label="Password" />
      </>,
    );
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();

    const link = screen.getByRole('link', { name: 'Enter a password' });
    expect(link).toHaveAttribute('href', '#password');
    await userEvent.click(link);
    expect(onSelect).toHaveBeenCalledWith('password');
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('renders nothing without errors', () => {
    const { container } = render(<ErrorSummary title="There is a problem" errors={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
