// A settings form over config paths read with their versions (useConfigPaths): shown once read, and mounted again
// from what is stored when a save met a 409, so its draft never carries a version older than what it shows.
import { Fragment, type ReactNode } from 'react';
import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { errorText, useConfigPaths, type ConfigPathsEdit } from './settingsQueries.ts';

export function WithConfigPaths<P extends string>({ paths, children }: { paths: readonly P[]; children: (edit: ConfigPathsEdit<P>) => ReactNode }) {
  const { edit, error } = useConfigPaths(paths);
  if (!edit) return error ? <MessageBar intent="error"><MessageBarBody>{errorText(error)}</MessageBarBody></MessageBar> : <Spinner />;
  return <Fragment key={edit.generation}>{children(edit)}</Fragment>;
}
