// The whole Italian catalogue as one type (the core part and every feature part), for t()'s key
// checks. Types only: importing this file loads no text.
import type { it } from './it';
import type { account } from './parts/account';
import type { admin } from './parts/admin';
import type { appointments } from './parts/appointments';
import type { auth } from './parts/auth';
import type { availability } from './parts/availability';
import type { booking } from './parts/booking';
import type { chat } from './parts/chat';
import type { designers } from './parts/designers';
import type { engagement } from './parts/engagement';
import type { home } from './parts/home';
import type { landing } from './parts/landing';
import type { limits } from './parts/limits';
import type { matching } from './parts/matching';
import type { privacy } from './parts/privacy';
import type { push } from './parts/push';
import type { quiz } from './parts/quiz';
import type { registrationRequired } from './parts/registrationRequired';
import type { reset } from './parts/reset';
import type { styles } from './parts/styles';
import type { sync } from './parts/sync';

export type Catalogue = typeof it &
  typeof account &
  typeof admin &
  typeof appointments &
  typeof auth &
  typeof availability &
  typeof booking &
  typeof chat &
  typeof designers &
  typeof engagement &
  typeof home &
  typeof landing &
  typeof limits &
  typeof matching &
  typeof privacy &
  typeof push &
  typeof quiz &
  typeof registrationRequired &
  typeof reset &
  typeof styles &
  typeof sync;
