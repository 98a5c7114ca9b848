export { participantsLabel } from './states';
