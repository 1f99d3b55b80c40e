import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import Toasts from './toasts';

describe('toasts (SPEC §4, §9)', () => {
  it('shows toasts top-right, at most three at once, the rest queued', async () => {
    const { container } = render(<Toasts theme="light" />);
    act(() => {
      for (let i = 1; i <= 5; i++) toast.error(`message ${i}`);
    });
    expect(await screen.findByText('message 1')).toBeTruthy();
    expect(container.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    expect(screen.queryByText('message 4')).toBeNull();
    expect(container.querySelectorAll('.Toastify__toast').length).toBe(3);
    act(() => toast.dismiss());
  });
});
