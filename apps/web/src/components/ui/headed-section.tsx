import type { ReactNode } from 'react';

/** A section named by its own h2 (`aria-labelledby` → the heading's id). */
export function HeadedSection({
  id,
  title,
  headingClassName,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  headingClassName: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
