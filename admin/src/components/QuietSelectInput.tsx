import { useEffect } from 'react';
import { RaRecord, SelectInput, SelectInputProps, useChoicesContext } from 'react-admin';

/**
 * A SelectInput inside a ReferenceInput that only logs a failure to load the choices, where
 * SelectInput would show it under the input (spec §8: a failure loading models is only logged).
 * `arrange` orders the choices (a model picker: by provider).
 */
export function QuietSelectInput({ arrange, ...props }: SelectInputProps & { arrange?: (choices: RaRecord[]) => RaRecord[] }) {
  const { allChoices, isPending, source, resource, error } = useChoicesContext();
  useEffect(() => void (error && console.error(`Failed to load ${resource}`, error)), [error, resource]);
  const choices = allChoices ?? [];
  return <SelectInput source={source} {...props} choices={arrange ? arrange(choices) : choices} isPending={isPending} />;
}
