/**
 * Every form's react-hook-form setup: its zod schema (usually the shared one the route checks
 * too) as the resolver, checked on submit and again on each change once a submit has failed.
 * The form's values are the schema's input; what reaches the submit handler is its output.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

export function useZodForm<Input extends FieldValues, Output extends FieldValues = Input>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodResolver(schema),
  });
}
