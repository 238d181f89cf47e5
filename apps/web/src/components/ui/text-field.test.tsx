import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextAreaField, TextField } from './text-field';

describe('TextField', () => {
  it('ties the label, hint and error to the input', () => {
    render(
      <TextField
        id="email"
        name="email"
        type="email"
        label="Email address"
        hint="We send a verification link"
        error="Enter an email address"
        required
        autoComplete="email"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(input).toHaveAttribute('id', 'email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('name', 'email');
    expect(input).toHaveAttribute('autocomplete', 'email');
    expect(input).toBeRequired();
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('We send a verification link Enter an email address');
  });

  it('is valid and undescribed without hint or error, and forwards its ref', () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField label="Name" ref={ref} />);
    const input = screen.getByLabelText('Name');
    expect(ref.current).toBe(input);
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('has a textarea variant', () => {
    render(<TextAreaField label="Message" error="Too long" />);
    const area = screen.getByRole('textbox', { name: 'Message' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAccessibleDescription('Too long');
  });
});
