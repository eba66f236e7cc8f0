/**
 * The families module's read port (practice-loop.md section 7): what other modules ask about
 * dependents and their guardians (who may act for whom, whose bookings are a household's, who to
 * call, where a dependent's mail goes, who is erased with their last guardian). Reads only.
 */
export {
  dependentAddress,
  dependentIdsOf,
  dependentRowsOf,
  findDependentOf,
  firstGuardianOf,
  guardianContactsOf,
  isGuardianOf,
  soleDependentsOf,
} from './families.repository.ts';
