import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeObserver, stubNearAndIdle } from '../../test/near-observer';
import { WhenNear } from './when-near';

const idle = stubNearAndIdle();

const runIdle = () =>
  act(() => {
    idle.shift()?.();
  });

describe('WhenNear', () => {
  it('holds its place, busy, until it comes near the screen, then draws its children', async () => {
    render(
      <WhenNear id="later" minHeight="12rem" idle={false} className="box">
        <p>The answers</p>
      </WhenNear>,
    );
    expect(screen.queryByText('The answers')).toBeNull();
    const place = document.getElementById('later')!;
    // The id and class are there before: aria-controls and in-page links find the place.
    expect(place).toHaveClass('box');
    expect(place).toHaveAttribute('aria-busy', 'true');
    expect(place.style.minHeight).toBe('12rem');
    // A screen above and below the viewport counts as near.
    expect(FakeObserver.all[0]!.options?.rootMargin).toBe('100% 0px');
    expect(idle).toHaveLength(0);

    await act(async () => FakeObserver.all[0]!.near());
    expect(screen.getByText('The answers')).toBeInTheDocument();
    expect(place).not.toHaveAttribute('aria-busy');
    expect(place.style.minHeight).toBe('');
    expect(FakeObserver.all[0]!.disconnected).toBe(true);
  });

  it('counts as near only what the margin it is given takes in', () => {
    // The review's design documents: on the screen itself, not a screen away (decision 130).
    render(
      <WhenNear minHeight="12rem" margin="0px">
        <p>The documents</p>
      </WhenNear>,
    );
    expect(FakeObserver.all[0]!.options?.rootMargin).toBe('0px');
    expect(screen.queryByText('The documents')).toBeNull();
  });

  it('draws the parts far off screen one per idle moment, in the page order', async () => {
    render(
      <>
        <WhenNear minHeight={100}>
          <p>Step 1</p>
        </WhenNear>
        <WhenNear minHeight={100}>
          <p>Step 2</p>
        </WhenNear>
      </>,
    );
    expect(screen.queryByText('Step 1')).toBeNull();
    await runIdle();
    expect(screen.getByText('Step 1')).toBeInTheDocument();
    expect(screen.queryByText('Step 2')).toBeNull();
    await runIdle();
    expect(screen.getByText('Step 2')).toBeInTheDocument();
    expect(idle).toHaveLength(0);
  });

  it('a part drawn because it came near leaves the idle queue', async () => {
    render(
      <>
        <WhenNear minHeight={100}>
          <p>Near</p>
        </WhenNear>
        <WhenNear minHeight={100}>
          <p>Far</p>
        </WhenNear>
      </>,
    );
    await act(async () => FakeObserver.all[0]!.near());
    expect(screen.getByText('Near')).toBeInTheDocument();
    await runIdle();
    expect(screen.getByText('Far')).toBeInTheDocument();
  });

  it('draws everything before the page is printed', () => {
    render(
      <WhenNear minHeight={100}>
        <p>Printed</p>
      </WhenNear>,
    );
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByText('Printed')).toBeInTheDocument();
  });

  it('draws at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNear minHeight={100}>
        <p>At once</p>
      </WhenNear>,
    );
    expect(screen.getByText('At once')).toBeInTheDocument();
  });
});
