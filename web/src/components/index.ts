// The shared pieces every page uses (see ../README-for-pages.md).
export { AssuranceBadge, clientWords } from './Assurance';
export { Badge, StatusBadge, type Tone, VerdictBadge } from './Badge';
export { Button, ButtonAnchor, ButtonLink, type ButtonVariant } from './Button';
export { CopyButton } from './CopyButton';
export { ConfirmDialog, Dialog } from './Dialog';
export { DiscordMessagePreview } from './DiscordMessagePreview';
export { CheckboxField, SelectField, TextAreaField, TextField } from './Field';
export { PageHeader } from './PageHeader';
export { ProgressBar } from './ProgressBar';
export { EmptyState, ErrorState, errorText, Loading, Notice } from './States';
export { Table } from './Table';
export { formatDateTime, fromNow, Time } from './Time';
