import type { NewsCategory } from '@fueldesk/contracts';
import clsx from 'clsx';
import { useState } from 'react';
import { Icon } from '@/components/ui/icon';

const placeholderStyles: Record<NewsCategory, string> = {
  oil: 'from-amber-200 to-amber-400 text-amber-900 dark:from-amber-900/60 dark:to-amber-700/40 dark:text-amber-200',
  market: 'from-sky-200 to-sky-400 text-sky-900 dark:from-sky-900/60 dark:to-sky-700/40 dark:text-sky-200',
  regulation: 'from-violet-200 to-violet-400 text-violet-900 dark:from-violet-900/60 dark:to-violet-700/40 dark:text-violet-200',
};

interface NewsImageProps {
  src: string | null;
  category: NewsCategory;
  className?: string;
}

/** The article's picture, or a category-coloured panel when it has none or it fails to load. Decorative. */
export function NewsImage({ src, category, className }: NewsImageProps) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={clsx('object-cover', className)}
      />
    );
  }
  return (
    <div aria-hidden="true" className={clsx('flex items-center justify-center bg-gradient-to-br', placeholderStyles[category], className)}>
      <Icon name="news" className="size-10 opacity-70" />
    </div>
  );
}
