import clsx from 'clsx';
import { useState } from 'react';

interface NewsImageProps {
  src: string | null;
  className?: string;
}

/**
 * The article's picture, decorative. Without one (or when it fails to load) nothing is drawn: a
 * coloured panel in its place only pushed headlines below the fold.
 */
export function NewsImage({ src, className }: NewsImageProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return null;
  return <img src={src} alt="" loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(true)} className={clsx('object-cover', className)} />;
}
