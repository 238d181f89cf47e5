import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileButton } from './file-button';

function Picker() {
  const [name, setName] = useState<string | null>(null);
  return (
    <>
      <label id="f-label" htmlFor="f">
        စစ်ဆေးမည့် PDF ဖိုင်
      </label>
      <FileButton
        id="f"
        labelledBy="f-label"
        accept="application/pdf"
        buttonLabel="PDF ဖိုင် ရွေးရန်"
        chosen={name ?? 'ဖိုင် မရွေးရသေးပါ။'}
        onFile={(file) => setName(file?.name ?? null)}
        testId="picker"
      />
    </>
  );
}

describe('FileButton', () => {
  it("names the picker in the page's language, keeps it in the tab order, and shows the chosen file", () => {
    render(<Picker />);
    const input = screen.getByTestId('picker');
    // The browser's own button ("Choose File") is hidden; the page's words name the control.
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveClass('sr-only');
    expect(input).toHaveAccessibleName('စစ်ဆေးမည့် PDF ဖိုင် PDF ဖိုင် ရွေးရန်');
    expect(input).toHaveAccessibleDescription('ဖိုင် မရွေးရသေးပါ။');
    expect(input).not.toHaveAttribute('tabindex');
    input.focus();
    expect(input).toHaveFocus();
    // The visible button is a label of the input: a click on it opens the picker.
    expect(screen.getByText('PDF ဖိုင် ရွေးရန်').closest('label')).toHaveAttribute('for', 'f');

    const file = new File(['%PDF-1.7'], 'A-101.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(screen.getByText('A-101.pdf')).toBeVisible();
    expect(input).toHaveAccessibleDescription('A-101.pdf');
  });
});
