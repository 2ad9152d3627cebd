export { useFormMessage as useScreeningMessage } from '@/lib/use-form-message';
