import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { designDocument } from '../../../test/design-document';
import { mockFetch } from '../../../test/fetch-mock';
import { fileFingerprint, rememberedSheet } from './upload-storage';
import { useSheetUploads } from './use-sheet-uploads';

const UPLOAD_URL = `/api/uploads/${'f'.repeat(32)}`;

// tus itself is tested by its makers: here every upload finishes at once, at UPLOAD_URL.
vi.mock('tus-js-client', () => ({
  Upload: class {
    url = UPLOAD_URL;
    options: { onSuccess: () => void };
    constructor(_file: File, options: { onSuccess: () => void }) {
      this.options = options;
    }
    findPreviousUploads = () => Promise.resolve([]);
    start() {
      queueMicrotask(() => this.options.onSuccess());
    }
    abort = () => Promise.resolve();
  },
}));

afterEach(() => vi.unstubAllGlobals());

const file = new File(['%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'], 'A-101 Ground floor plan.pdf', {
  type: 'application/pdf',
});
const fingerprint = fileFingerprint(file, 1);
const made = designDocument({ id: 41, size: file.size, uploaded_at: '2026-11-27T02:00:00Z' });

/** A sheet chosen, typed and sent; returns the hook once its attach has failed or finished. */
async function send(onSaved = vi.fn()) {
  const hook = renderHook(() => useSheetUploads(7, 1, onSaved));
  await act(() => hook.result.current.addFiles([file], 'architect'));
  const key = hook.result.current.rows[0]!.key;
  act(() => hook.result.current.update(key, { kind: 'floor_plan', title: 'Ground floor plan' }));
  act(() => hook.result.current.startAll(() => undefined));
  return hook;
}

describe('attaching a finished upload over a dropped connection (decision 135)', () => {
  it('keeps the upload while the connection is away and attaches it once the browser is online', async () => {
    let posts = 0;
    const api = mockFetch({
      'POST /api/registrations/7/documents': () => {
        posts += 1;
        if (posts === 1) throw new TypeError('Failed to fetch');
        return { status: 201, body: { data: made } };
      },
    });
    const onSaved = vi.fn();
    const { result } = await send(onSaved);

    await waitFor(() => expect(result.current.rows[0]!.state).toBe('waiting'));
    expect(rememberedSheet(fingerprint)).toMatchObject({ number: 'A-101', uploadUrl: UPLOAD_URL });
    expect(onSaved).not.toHaveBeenCalled();

    // The retry's own timer is a second away: the `online` event sends the attach sooner.
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current.rows[0]!.state).toBe('done'), { timeout: 500 });
    expect(result.current.rows[0]!.document).toEqual(made);
    expect(api.count('POST /api/registrations/7/documents')).toBe(2);
    // Only the attach was sent again, with the same upload.
    expect(api.calls.map((c) => (c.body as { upload_id: string }).upload_id)).toEqual(['f'.repeat(32), 'f'.repeat(32)]);
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(rememberedSheet(fingerprint)).toBeUndefined();
  });

  it('takes the document the lost answer made when the retry finds the upload used', async () => {
    let posts = 0;
    const api = mockFetch({
      // The server made the document, but the answer never came back.
      'POST /api/registrations/7/documents': () => {
        posts += 1;
        if (posts === 1) throw new TypeError('Failed to fetch');
        return {
          status: 422,
          body: { message: 'The upload was not found.', errors: { upload_id: ['The upload was not found.'] } },
        };
      },
      'GET /api/registrations/7/documents': { body: { data: [made] } },
    });
    const { result } = await send();

    await waitFor(() => expect(result.current.rows[0]!.state).toBe('waiting'));
    act(() => result.current.retry(result.current.rows[0]!.key));
    await waitFor(() => expect(result.current.rows[0]!.state).toBe('done'), { timeout: 500 });
    expect(result.current.rows[0]!.document).toEqual(made);
    expect(result.current.rows[0]!.error).toBeUndefined();
    expect(api.count('POST /api/registrations/7/documents')).toBe(2);
    expect(rememberedSheet(fingerprint)).toBeUndefined();
  });

  it('forgets the upload when the server says it is invalid', async () => {
    mockFetch({
      'POST /api/registrations/7/documents': {
        status: 422,
        body: { message: 'Unreadable.', errors: { upload_id: ['The file is not a readable PDF.'] } },
      },
    });
    const { result } = await send();
    await waitFor(() => expect(result.current.rows[0]!.state).toBe('failed'));
    expect(result.current.rows[0]!.error).toEqual({ message: 'The file is not a readable PDF.' });
    expect(rememberedSheet(fingerprint)).toBeUndefined();
  });

  it("keeps the upload when only the sheet's fields are wrong: sending again only attaches", async () => {
    let posts = 0;
    const api = mockFetch({
      'POST /api/registrations/7/documents': () => {
        posts += 1;
        if (posts === 1)
          return { status: 422, body: { message: 'Invalid.', errors: { title: ['The title is too long.'] } } };
        return { status: 201, body: { data: made } };
      },
    });
    const { result } = await send();
    await waitFor(() => expect(result.current.rows[0]!.state).toBe('failed'));
    expect(result.current.rows[0]!.fieldErrors?.title).toBe('The title is too long.');
    expect(rememberedSheet(fingerprint)?.uploadUrl).toBe(UPLOAD_URL);

    act(() => result.current.startAll(() => undefined));
    await waitFor(() => expect(result.current.rows[0]!.state).toBe('done'));
    expect(api.count('POST /api/registrations/7/documents')).toBe(2);
  });
});
