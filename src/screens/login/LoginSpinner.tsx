import { Spinner, type SpinnerProps } from '@fluentui/react-components';

/** Fluent's Spinner, in a chunk of its own: the sign-in screen shows one only once signing in is under way (issue 12). */
export default function LoginSpinner(props: SpinnerProps) {
  return <Spinner {...props} />;
}
