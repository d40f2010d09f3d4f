import { TextField } from '../../../components/form-field';

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/** The account's email address, as the login, register and forgot-password forms ask for it. */
export function EmailField({ value, onChange }: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
