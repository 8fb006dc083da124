import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText } from '@/features/chat/components/message-text';

describe('MessageText', () => {
  it('shows markup as text, never as HTML', () => {
    const { container } = render(<MessageText body={'<img src=x onerror="alert(1)"><b>bold</b>\nnext line'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByTestId('message-body').textContent).toBe('<img src=x onerror="alert(1)"><b>bold</b>\nnext line');
  });

  it('turns links into anchors that name their domain and open apart from the site', () => {
    render(<MessageText body="Size guide: https://www.karoo.co.za/sizes and www.example.com." />);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveTextContent('https://www.karoo.co.za/sizes (karoo.co.za)');
    expect(links[0]).toHaveAttribute('href', 'https://www.karoo.co.za/sizes');
    expect(links[0]).toHaveAttribute('rel', 'nofollow noopener noreferrer');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[1]).toHaveTextContent('www.example.com (example.com)');
    expect(links[1]).toHaveAttribute('href', 'https://www.example.com');
    expect(screen.getByTestId('message-body')).toHaveTextContent(
      'Size guide: https://www.karoo.co.za/sizes (karoo.co.za) and www.example.com (example.com).',
    );
  });

  it('makes no link of a javascript: address', () => {
    render(<MessageText body="javascript:alert(document.cookie)" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
