import { PHONE_LENGTH } from '@yance/contracts/account';
import { Input, type InputProps } from 'antd';

/** The phone field of every account form: at most 11 digits (spec §5), phone keyboard on mobiles. */
export function PhoneInput(props: InputProps) {
  return (
    <Input size="large" maxLength={PHONE_LENGTH} inputMode="tel" placeholder="手机号" autoComplete="tel" aria-label="手机号" {...props} />
  );
}
