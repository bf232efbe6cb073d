import { addMessages } from '../messages';

/** Italian texts of "limits" (see ../it.ts); imported by every module that uses one of them. */
export const limits = {
  'limits.tooLong.name': 'Il nome può contenere al massimo {max} caratteri.',
  'limits.tooLong.email': "L'email può contenere al massimo {max} caratteri.",
  'limits.tooLong.password': 'La password può contenere al massimo {max} caratteri.',
  'limits.tooLong.location': 'La località può contenere al massimo {max} caratteri.',
  'limits.tooLong.city': 'La città può contenere al massimo {max} caratteri.',
  'limits.tooLong.phone': 'Il numero di telefono può contenere al massimo {max} caratteri.',
  'limits.tooLong.bio': 'La bio può contenere al massimo {max} caratteri.',
  'limits.tooLong.link': 'Il link può contenere al massimo {max} caratteri.',
} as const;

addMessages(limits);
