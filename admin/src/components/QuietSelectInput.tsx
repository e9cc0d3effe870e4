import { useEffect } from 'react';
import { SelectInput, SelectInputProps, useChoicesContext } from 'react-admin';

/**
 * A SelectInput inside a ReferenceInput that only logs a failure to load the choices, where
 * SelectInput would show it under the input (spec §8: a failure loading models is only logged).
 */
export function QuietSelectInput(props: SelectInputProps) {
  const { allChoices, isPending, source, resource, error } = useChoicesContext();
  useEffect(() => void (error && console.error(`Failed to load ${resource}`, error)), [error, resource]);
  return <SelectInput source={source} {...props} choices={allChoices ?? []} isPending={isPending} />;
}
