import { Link } from 'react-router';
import { buttonClassName, type ButtonVariant } from './button';

export interface LinkButton {
  to: string;
  label: string;
  variant: ButtonVariant;
}

/** A row of in-app links drawn as buttons (calls to action, "go on from here" links). */
export function LinkButtons({ links, className = 'flex flex-wrap gap-3' }: { links: readonly LinkButton[]; className?: string }) {
  return (
    <div className={className}>
      {links.map((link) => (
        <Link key={link.to} to={link.to} className={buttonClassName(link.variant)}>
          {link.label}
        </Link>
      ))}
    </div>
  );
}
