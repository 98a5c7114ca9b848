import { main } from './backup';

main('restore');
