import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RecordStates } from './load-states';

const labels = { loading: 'Loading the record…', failed: 'The record did not load.', retryLabel: 'Try again' };
const query = (over: Partial<{ isPending: boolean; isError: boolean }> = {}) => ({
  isPending: false,
  isError: false,
  refetch: vi.fn(),
  ...over,
});

describe('RecordStates', () => {
  it('says the record is not found, and nothing else, when it is not', () => {
    render(<RecordStates query={query({ isError: true })} notFound notFoundTitle="No such record." {...labels} />);
    expect(screen.getByText('No such record.')).toBeInTheDocument();
    expect(screen.queryByText(labels.failed)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the loading status while the record loads (a spinner when compact)', () => {
    const { rerender } = render(<RecordStates query={query({ isPending: true })} {...labels} />);
    expect(screen.getByRole('status')).toHaveTextContent(labels.loading);
    rerender(<RecordStates query={query({ isPending: true })} compact {...labels} />);
    expect(screen.getByRole('status')).toHaveTextContent(labels.loading);
  });

  it('offers a retry when the record failed to load', async () => {
    const q = query({ isError: true });
    render(<RecordStates query={q} {...labels} />);
    expect(screen.getByText(labels.failed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('draws nothing once the record is there', () => {
    const { container } = render(<RecordStates query={query()} {...labels} />);
    expect(container).toBeEmptyDOMElement();
  });
});
