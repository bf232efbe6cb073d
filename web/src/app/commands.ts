import { appointmentCommands } from '../features/appointments/commands';
import { authCommands } from '../features/auth/commands';
import { availabilityCommands } from '../features/availability/commands';
import { chatCommands } from '../features/chat/commands';
import { designersCommands } from '../features/designers/commands';
import { engagementCommands } from '../features/engagement/commands';
import { questionnaireCommands } from '../features/questionnaire/commands';
import { adminCommands } from '../features/admin/commands';
import type { AnyCommand } from '../shared/offline/command';
import { pushCommands } from '../shared/push/commands';
import { sessionCommands } from '../shared/session/commands';

/**
 * Every write of the app, as each feature declares it in features/<feature>/commands.ts. The app
 * registers them all once at start (app/offline.ts), so every kind is reconciled on replay whichever
 * screen is open; a feature that adds a command adds its list here.
 */
export const ALL_COMMANDS: readonly AnyCommand[] = [
  ...adminCommands,
  ...appointmentCommands,
  ...authCommands,
  ...availabilityCommands,
  ...chatCommands,
  ...designersCommands,
  ...engagementCommands,
  ...questionnaireCommands,
  ...pushCommands,
  ...sessionCommands,
];
